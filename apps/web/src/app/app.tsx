import './global.css';
import { RouterProvider } from 'react-router';
import { router } from './router';

/** The router alone: antd and TanStack Query come with the routes that use them (ConsoleProviders). */
export function App() {
  return <RouterProvider router={router} />;
}
