import { createContext } from 'react';
import type { NavItem } from './nav-items';

/**
 * The admin entries this person may see, for the admin menu screen. The layout provides them
 * (app-layout.tsx): the menu is itself a screen of the manifest (app/screens.ts) that the entries
 * are read from, so importing them there would be an import cycle.
 */
export const AdminNavContext = createContext<readonly NavItem[]>([]);
