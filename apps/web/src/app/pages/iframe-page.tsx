import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import styles from '../layout/console-layout.module.css';

function httpUrl(src: string): string | null {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Spec §2: a menu leaf with another scheme opens as /iframe?src=…; only http(s) is framed. */
export function IframePage() {
  const [params] = useSearchParams();
  const safe = httpUrl(params.get('src') ?? '');
  if (!safe) return <Result status="warning" title="无法打开该页面" subTitle="页面地址无效，仅支持 http 或 https 地址。" />;
  return <iframe className={styles.iframe} src={safe} title="嵌入页面" sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />;
}
