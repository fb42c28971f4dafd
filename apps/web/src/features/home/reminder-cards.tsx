import { Badge, Card, Col, Row, Skeleton } from 'antd';
import { Link } from 'react-router';
import type { ReminderGroup } from './reminders';
import styles from './home-page.module.css';

/** State 0 shows a skeleton; state 2 shows the groups with something to do. */
export function ReminderCards({ loading, groups, counts }: { loading: boolean; groups: ReminderGroup[]; counts: Record<string, number> }) {
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} className={styles.skeleton} />;
  return (
    <Row gutter={[16, 16]} className={styles.cards}>
      {groups.map((group) => (
        <Col key={group.path} xs={24} md={12} xl={8}>
          <Card title={group.title} size="small" extra={<Link to={group.path}>去处理</Link>}>
            {group.children.map((child) => (
              <Link key={child.field} to={group.path + (child.search ?? '')} className={styles.reminder} data-field={child.field}>
                <span>{child.label}</span>
                <Badge count={counts[child.field]} overflowCount={9999} color="#c8102e" />
              </Link>
            ))}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
