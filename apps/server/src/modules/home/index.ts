/** The home page's reminder counts, which the business modules register their share of. */
export { reminderRoutes } from './reminder.routes';
export { ReminderRegistry, type ReminderScope } from './reminders';
