/**
 * Passwords that meet the length and letter-and-digit rules yet head every leaked-password list
 * (international and Chinese: keyboard walks, 'woaini', years, 'admin', repeated pairs). A new
 * password equal to one of them, ignoring case, is refused; the list ships with the product so
 * the check needs no network.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password1', 'password12', 'password123', 'passw0rd', 'p4ssw0rd', 'pass1234', 'pass12345', 'mypassword1',
  'abc12345', 'abc123456', 'abcd1234', 'abcde12345', 'abc123abc', 'a1234567', 'a12345678', 'a123456789',
  'aa123456', 'aa12345678', 'aaa12345', 'aaa111222', 'a1b2c3d4', 'a1b2c3d4e5', '1a2b3c4d', '123456abc',
  '12345678a', '123456789a', '1234567a', '1234abcd', '123abc123', '123qwe123', '123qweasd', '123qweasdzxc',
  'qwe123456', 'qwe12345', 'qwer1234', 'qwert123', 'qwerty12', 'qwerty123', 'qwerty1234', 'qweasd123',
  'qweasdzxc1', 'q1w2e3r4', 'q1w2e3r4t5', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qaz2wsx3edc', 'zaq12wsx',
  'asd123456', 'asdf1234', 'asdfgh123', 'zxc123456', 'zxcv1234', 'zxcvbnm1', 'zxcvbnm123', 'qazwsx123',
  'admin123', 'admin1234a', 'admin888', 'admin666', 'root1234', 'root12345', 'user1234',
  'welcome1', 'welcome123', 'letmein1', 'iloveyou1', 'iloveyou2', 'monkey123', 'dragon123', 'master123',
  'sunshine1', 'princess1', 'football1', 'baseball1', 'superman1', 'batman123', 'trustno1a', 'michael1',
  'woaini1314', 'woaini520', 'woaini123', 'woaini1234', '5201314a', 'a5201314', 'wo5201314', '1314520a',
  'qq123456', 'qq1234567', 'qq12345678', 'wang123456', 'zhang123', 'li123456', 'liu123456', 'chen123456',
  'abc888888', 'a888888888', 'a6666666', 'a11111111', 'aaaa1111', 'abcd123456', 'a00000000',
  'china123', 'china1234', 'beijing123', 'shanghai1', 'huawei123', 'taobao123', 'baidu123', 'tencent123',
  'test12345', 'test123456', 'demo12345', 'guest1234', 'changeme1', 'default1', 'secret123', 'love1234',
  'hello123', 'hello1234', 'hello12345', 'abc20242025', 'pass2024', 'pass2025', 'pass2026',
  'password2024', 'password2025', 'password2026', 'qwerty2026', 'admin2026', 'welcome2026', 'spring2026', 'summer2026',
]);
