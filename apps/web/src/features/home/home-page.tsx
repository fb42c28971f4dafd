import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { ProductLinks } from './product-links';
import { ReminderCards } from './reminder-cards';
import { use } from 'react';
import { AccessContext } from '../../lib/permissions';
import { currentUserQuery } from '../../lib/session';
import { CUTOFF_GROUP, cutoffPathFor, homeState, reminderQuery, REMINDER_GROUPS, STAFF_REMINDER_GROUPS } from './reminders';
import styles from './home-page.module.css';

/** The banner's words: customers are told what they can do here, bank staff what they look after. */
const BANNERS = {
  customer: { title: '欢迎使用资产托管客户服务网银', subtitle: '托管账户、指令录入与复核、第三方指令确认、预警信息与风险提示，一站办理。' },
  staff: { title: '资产托管网银管理控制台', subtitle: '托管行指令审核、客户企业与用户管理、风险提示发布、预警数据导入与接口网关配置。' },
};

/** Home (spec §2, §4): the welcome banner, the reminder cards when there is something to do, and a customer's products. */
export function HomePage() {
  const reminders = useQuery(reminderQuery);
  const { data: user } = useQuery(currentUserQuery);
  const staff = user?.userType === 'staff';
  const access = use(AccessContext);
  const custodian = access.includes('CUSTODIAN_CHECK');
  const judged = homeState(reminders.isPending, reminders.data, staff || custodian ? STAFF_REMINDER_GROUPS : REMINDER_GROUPS);
  const { state } = judged;
  const groups = judged.groups.map((g) => (g.title === CUTOFF_GROUP.title ? { ...g, path: cutoffPathFor(access) } : g));
  const banner = BANNERS[staff ? 'staff' : 'customer'];
  return (
    <main className={styles.page} data-home-state={state} data-audience={staff ? 'staff' : 'customer'}>
      <section className={styles.banner}>
        <Typography.Title level={2} className={styles.title}>
          {banner.title}
        </Typography.Title>
        <Typography.Paragraph className={styles.subtitle}>{banner.subtitle}</Typography.Paragraph>
      </section>
      {state !== 1 && <ReminderCards loading={state === 0} groups={groups} counts={reminders.data ?? {}} />}
      {user?.userType === 'customer' && <ProductLinks />}
    </main>
  );
}
