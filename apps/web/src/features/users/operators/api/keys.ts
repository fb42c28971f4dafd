/** Prefix of every query of this screen: each write invalidates all of them (list, detail, locks, roles, seats). */
export const operatorAdminKey = ['operator-admin'] as const;
