import type { ApiDefinition, FlagField } from '@portal/shared';

export interface FlagLabels {
  /** Column and form label. */
  title: string;
  /** The tag of each value. */
  on: string;
  off: string;
  color: string;
}

/** How each gateway flag of spec §3 "API definition" reads on screen. */
export const FLAG_LABELS: Record<FlagField, FlagLabels> = {
  status: { title: '状态', on: '启用', off: '停用', color: 'green' },
  isAuth: { title: '鉴权', on: '鉴权', off: '免鉴权', color: 'blue' },
  isOpen: { title: '开放', on: '开放', off: '不开放', color: 'purple' },
  isEncrypt: { title: '加密', on: '加密', off: '不加密', color: 'gold' },
  isAra: { title: '防重放', on: '防重放', off: '不防重放', color: 'cyan' },
};

export const flagText = (field: FlagField, value: number): string => (value === 1 ? FLAG_LABELS[field].on : FLAG_LABELS[field].off);

/** 本服务 (an operation of this server, `contractId` set) or 外部 (a route served elsewhere). */
export const sourceText = (row: Pick<ApiDefinition, 'contractId'>): string => (row.contractId ? '本服务' : '外部');
