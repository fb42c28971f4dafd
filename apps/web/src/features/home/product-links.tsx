import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { use } from 'react';
import { Link } from 'react-router';
import { hasAnyAccess, type Authority, type UserProduct } from '@portal/shared';
import { AccessContext } from '../../lib/permissions';
import { userProductsQuery } from './api/user-products';
import styles from './home-page.module.css';

/** Where a right on a product's accounts leads, for a user whose menus include that page. */
const LINKS: { right: 'canEntry' | 'canReview' | 'canQuery'; label: string; path: string; access: Authority[] }[] = [
  { right: 'canEntry', label: '指令录入', path: '/instructionManagement/instructionEntry/index', access: ['INSTRUCTION_ENTRY'] },
  { right: 'canReview', label: '指令复核', path: '/instructionManagement/instructionReview/index', access: ['INSTRUCTION_REVIEW'] },
  { right: 'canQuery', label: '指令查询', path: '/instructionManagement/instructionQuery/index', access: ['INSTRUCTION_QUERY'] },
];

/**
 * Spec §7 `productGroup/initUserProductsLinks` on the customer home: the products the seat works
 * on, each with its number of accounts and links to what the seat may do there. Nothing when the
 * seat holds no account rights. A section under the banner, not a reminder card: the home's states
 * (spec §4: banner only, or the non-zero reminder groups) are about the cards.
 */
export function ProductLinks() {
  const { data } = useQuery(userProductsQuery);
  const access = use(AccessContext);
  if (!data?.length) return null;
  const links = (product: UserProduct) => LINKS.filter((l) => product[l.right] && hasAnyAccess(access, l.access));
  return (
    <section aria-label="我的产品" className={styles.products} data-testid="user-products">
      <Typography.Title level={5}>我的产品</Typography.Title>
      {data.map((product) => (
        <div key={`${product.productCode}-${product.productName}`} className={styles.product}>
          <span className={styles.productName}>
            {product.productName}
            <span className={styles.productCode}>{product.productCode}</span>
          </span>
          <span className={styles.productLinks}>
            <Tag>{product.accountCount}个账户</Tag>
            {links(product).map((l) => (
              <Link key={l.path} to={l.path}>
                {l.label}
              </Link>
            ))}
          </span>
        </div>
      ))}
    </section>
  );
}
