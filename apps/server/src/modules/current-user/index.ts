/** The session user: who they are, their menus, their profile. */
export { currentUserRoutes } from './current-user.routes';
// The staff administration announces changed users on this channel.
export { USER_CHANGED_CHANNEL } from './profiles';
