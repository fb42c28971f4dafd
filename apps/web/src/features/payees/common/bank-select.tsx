import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { bankCodeSearchQuery } from '../api/bank-codes';

/** How long typing rests before the table is asked. */
const SEARCH_SETTLE_MS = 250;

interface BankSelectProps {
  /** The chosen CNAPS code (a Form.Item's value). */
  value?: string;
  onChange?: (cnaps: string | undefined) => void;
  /** The bank of the value the form opened with, so it reads as a name before any search. */
  initial?: { cnaps: string; bankName: string };
  id?: string;
}

/**
 * 开户行 picked from the bank-code table: type a code's first digits, a bank's name or its short
 * name (工行, 招行), a city, or several words (建行 上海); the value is the 12-digit CNAPS code.
 */
export function BankSelect({ value, onChange, initial, id }: BankSelectProps) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const settle = setTimeout(() => setKeyword(typed.trim()), SEARCH_SETTLE_MS);
    return () => clearTimeout(settle);
  }, [typed]);
  const banks = useQuery(bankCodeSearchQuery(keyword));
  const options = (banks.data ?? []).map((b) => ({ value: b.cnaps, label: `${b.bankName}（${b.cnaps}）` }));
  if (initial && !options.some((o) => o.value === initial.cnaps)) options.unshift({ value: initial.cnaps, label: `${initial.bankName}（${initial.cnaps}）` });

  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={banks.isFetching}
      allowClear
      placeholder="输入行号、银行名称或城市搜索"
      notFoundContent={banks.isFetching ? '正在查询…' : '未找到匹配的开户行'}
    />
  );
}
