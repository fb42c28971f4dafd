/** The notice a 消息中心 link names (`?notice=12`), or null. */
export function linkedNoticeId(params: URLSearchParams): number | null {
  const id = Number(params.get('notice'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
