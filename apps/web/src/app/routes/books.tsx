import { Navigate } from 'react-router';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import { BooksScreen } from '../../features/invoicing/components/books-screen';
import { paths } from '../../config/paths';
import { useLocationOptions } from '../../lib/options';
import { useCurrentUser } from '../layout/current-user';

/**
 * /books (issue 33; decision 1035): the BIR books of a Manager's branches, and of every branch for
 * an Admin (who reaches it from "Tax and invoices" too). Anyone else goes to the dashboard; the
 * server scopes the books to the person's branches either way.
 */
export const BooksRoute = () => {
  const user = useCurrentUser();
  const admin = user.groups.includes(ADMIN_GROUP);
  // Every branch, closed ones too: their days stay in the books.
  const all = useLocationOptions({ activeOnly: false });
  if (!admin && !user.groups.includes(MANAGER_GROUP)) return <Navigate to={paths.dashboard} replace />;
  return <BooksScreen admin={admin} locations={admin ? (all.data?.results ?? []) : user.locations} />;
};
