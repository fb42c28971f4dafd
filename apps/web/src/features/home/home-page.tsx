import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { ReminderCards } from './reminder-cards';
import { use } from 'react';
import { AccessContext } from '../../lib/permissions';
import { homeState, reminderQuery, REMINDER_GROUPS, STAFF_REMINDER_GROUPS } from './reminders';
import styles from './home-page.module.css';

/** Home (spec §2, §4): the welcome banner, and the reminder cards when there is something to do. */
export function HomePage() {
  const reminders = useQuery(reminderQuery);
  const custodian = use(AccessContext).includes('CUSTODIAN_CHECK');
  const { state, groups } = homeState(reminders.isPending, reminders.data, custodian ? STAFF_REMINDER_GROUPS : REMINDER_GROUPS);
  return (
    <main className={styles.page} data-home-state={state}>
      <section className={styles.banner}>
        <Typography.Title level={2} className={styles.title}>
          欢迎使用资产托管客户服务网银
        </Typography.Title>
        <Typography.Paragraph className={styles.subtitle}>
          托管账户、指令录入与复核、第三方指令确认、预警信息与风险提示，一站办理。
        </Typography.Paragraph>
      </section>
      {state !== 1 && <ReminderCards loading={state === 0} groups={groups} counts={reminders.data ?? {}} />}
    </main>
  );
}
