import { EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media-query';
import { clampPage, PAGE_SIZES, pageCountOf, PAGER_COUNT, pagerItems } from './pager-items';
import styles from './data-table.module.css';

interface TablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  disabled?: boolean;
}

const SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: size, label: `${size} 条/页` }));
const JUMP = PAGER_COUNT - 2;

/**
 * Spec §9 pager: total · sizes · prev · pager · next · jumper, with 11 page buttons. antd's
 * Pagination fixes both its item order and a pager of at most 9 buttons, so this one is ours.
 * 11 buttons are wider than a phone, so there it is total · prev · page box / pages · next.
 */
export function TablePagination({ page, pageSize, total, onChange, disabled }: TablePaginationProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const pageCount = pageCountOf(total, pageSize);
  const goTo = (target: number) => {
    const next = clampPage(target, pageCount);
    if (next !== page) onChange(next, pageSize);
  };
  const jumpFrom = (input: HTMLInputElement) => {
    const target = Number.parseInt(input.value, 10);
    if (Number.isFinite(target)) goTo(target);
    input.value = String(clampPage(Number.isFinite(target) ? target : page, pageCount));
  };
  const pageBox = (
    // Keyed by page so the box shows the current page again after every move.
    <Input
      key={page}
      aria-label="跳至页码"
      className={styles.jumperInput}
      defaultValue={page}
      inputMode="numeric"
      disabled={disabled}
      onPressEnter={(event) => jumpFrom(event.currentTarget)}
      onBlur={(event) => jumpFrom(event.currentTarget)}
    />
  );
  const prev = <Button type="text" icon={<LeftOutlined />} aria-label="上一页" disabled={disabled || page <= 1} onClick={() => goTo(page - 1)} />;
  const next = (
    <Button
      type="text"
      icon={<RightOutlined />}
      aria-label="下一页"
      disabled={disabled || page >= pageCount}
      onClick={() => goTo(page + 1)}
    />
  );
  if (phone) {
    return (
      <nav className={styles.pagination} aria-label="分页">
        <span className={styles.phoneTotal}>共 {total} 条</span>
        {prev}
        <span className={styles.jumper}>
          {pageBox}/ {pageCount}
        </span>
        {next}
      </nav>
    );
  }
  return (
    <nav className={styles.pagination} aria-label="分页">
      <span>共 {total} 条</span>
      <Select
        aria-label="每页条数"
        className={styles.sizeChanger}
        value={pageSize}
        options={SIZE_OPTIONS}
        disabled={disabled}
        onChange={(size: number) => onChange(clampPage(page, pageCountOf(total, size)), size)}
      />
      {prev}
      <ul className={styles.pager}>
        {pagerItems(page, pageCount).map((item) => (
          <li key={item.kind === 'page' ? item.page : item.kind}>
            {item.kind === 'page' ? (
              <Button
                type={item.page === page ? 'primary' : 'text'}
                aria-label={`第 ${item.page} 页`}
                aria-current={item.page === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => goTo(item.page)}
              >
                {item.page}
              </Button>
            ) : (
              <Button
                type="text"
                icon={<EllipsisOutlined />}
                aria-label={item.kind === 'jump-prev' ? `向前 ${JUMP} 页` : `向后 ${JUMP} 页`}
                title={item.kind === 'jump-prev' ? `向前 ${JUMP} 页` : `向后 ${JUMP} 页`}
                disabled={disabled}
                onClick={() => goTo(item.page)}
              />
            )}
          </li>
        ))}
      </ul>
      {next}
      <label className={styles.jumper}>
        跳至
        {pageBox}
        页
      </label>
    </nav>
  );
}
