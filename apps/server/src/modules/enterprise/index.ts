/** A person's switch between the enterprises they hold seats in. */
export { enterpriseSwitchRoutes } from './switch.routes';
