import { useSearchParams } from 'react-router';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import { DocumentsScreen } from '../../features/invoicing/components/documents-screen';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../layout/current-user';

/**
 * /documents (issue 33): the branch's desk reads its documents; its Managers and Admins also void
 * and credit them (decision 1016). The server scopes both to the person's branches.
 */
export const DocumentsRoute = () => {
  const user = useCurrentUser();
  const manages = user.groups.includes(MANAGER_GROUP) || user.groups.includes(ADMIN_GROUP);
  // A void request's notice links here with the document's number as the search.
  const [params] = useSearchParams();
  return (
    <DocumentsScreen canCorrect={manages} initialSearch={params.get('search') ?? ''} readingsPath={paths.readings} />
  );
};
