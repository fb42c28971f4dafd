import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media-query';
import { FormFieldItem, type Dictionary, type FormField, type FormValues } from '../form-builder';
import { searchCriteria } from './query-criteria';
import styles from './data-table.module.css';

/** Spec §9: query input debounce. */
const QUERY_DEBOUNCE_MS = 300;
/** On a phone the first criteria show, the rest on 更多条件, so the list is not a screen away. */
const PHONE_FIELDS = 2;

interface QueryFormProps {
  fields: readonly FormField[];
  dictionary?: Dictionary;
  onSearch: (criteria: FormValues) => void;
}

/**
 * The criteria above a table. Typing searches once the clerk pauses for 300 ms; 查询 and Enter
 * search at once, 重置 clears the criteria and searches again. Criteria a rule refuses (a malformed
 * amount, a range the wrong way round) show their message and send nothing.
 */
export function QueryForm({ fields, dictionary, onSearch }: QueryFormProps) {
  const [form] = Form.useForm<FormValues>();
  // The fields' element ids start with it, so two tables on one page (two tabs) keep their labels apart.
  const name = useId();
  const pending = useRef<number | undefined>(undefined);
  // Side by side, phone fields start wherever their label ends; stacked, every box lines up full width.
  const phone = useMediaQuery(PHONE_QUERY);
  const [expanded, setExpanded] = useState(false);
  const folded = phone && !expanded && fields.length > PHONE_FIELDS;
  // The toggle says how many folded criteria are filtering, so an emptied list is not a mystery.
  const values = Form.useWatch([], form) as FormValues | undefined;
  const criteria = folded ? searchCriteria(fields, values ?? {}) : {};
  const hiddenFilters = fields.slice(PHONE_FIELDS).filter((field) => field.name in criteria).length;
  useEffect(() => () => window.clearTimeout(pending.current), []);

  // Validation is asynchronous: only the latest search may answer, or an older one's criteria
  // would overwrite the newer ones when its validation settles last.
  const latest = useRef(0);
  const search = () => {
    window.clearTimeout(pending.current);
    const turn = ++latest.current;
    const criteria = searchCriteria(fields, form.getFieldsValue());
    form.validateFields().then(
      () => {
        if (turn === latest.current) onSearch(criteria);
      },
      // The refused criteria show their messages; the list keeps its last answer.
      () => undefined,
    );
  };
  const searchSoon = () => {
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(search, QUERY_DEBOUNCE_MS);
  };

  return (
    <Form
      form={form}
      name={name}
      layout={phone ? 'vertical' : 'inline'}
      className={phone ? styles.queryFormStacked : styles.queryForm}
      // Labels as wide as the longest (and its colon): the boxes start at one x in every row.
      style={{ '--query-label-width': `${Math.max(4, ...fields.map((f) => f.label?.length ?? 0)) + 1.5}em` } as CSSProperties}
      onValuesChange={searchSoon}
      onFinish={search}
      onReset={search}
      role="search"
    >
      {fields.map((field, index) =>
        // A folded field stays in the form: what was typed in it still filters.
        folded && index >= PHONE_FIELDS ? (
          <div key={field.name} hidden>
            <FormFieldItem field={field} dictionary={dictionary} />
          </div>
        ) : (
          <FormFieldItem key={field.name} field={field} dictionary={dictionary} />
        ),
      )}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button htmlType="reset">重置</Button>
          {phone && fields.length > PHONE_FIELDS && (
            <Button type="link" icon={expanded ? <UpOutlined /> : <DownOutlined />} iconPlacement="end" onClick={() => setExpanded(!expanded)}>
              {expanded ? '收起' : hiddenFilters > 0 ? `更多条件（已填 ${hiddenFilters}）` : '更多条件'}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
