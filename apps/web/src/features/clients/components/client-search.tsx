import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { formatPhPhone } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { SearchField } from '../../../components/search-field';
import { useClientSearch } from '../api/search-clients';

type ClientSearchProps = {
  /** Where a result opens: /clients/{id} for staff, /admin/clients/{id} in the admin list. */
  linkTo: (clientId: number) => string;
  autoFocus?: boolean;
};

/** Find a client by name (any order), mobile (any form) or email; best matches first, each a link to the record. */
export const ClientSearch = ({ linkTo, autoFocus = false }: ClientSearchProps) => {
  const [text, setText] = useState('');
  const search = useClientSearch(text);
  const results = search.data?.results;
  const typed = text.trim() !== '';

  return (
    <Box>
      <SearchField
        label="Find a client"
        placeholder="Name, mobile or email"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoFocus={autoFocus}
        autoComplete="off"
      />
      {typed && (!search.settled || search.isValidating) ? <LinearProgress aria-label="Searching" sx={{ mt: 0.5 }} /> : null}
      {typed && search.error ? <LoadError title="The search could not be done" error={search.error} onRetry={() => void search.mutate()} /> : null}
      {typed && search.settled && results && !search.error ? (
        results.length === 0 ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ p: 2 }}>
            No client matches “{search.q}”.
          </Typography>
        ) : (
          <List aria-label="Clients found" sx={{ mt: 1 }}>
            {results.map((client) => (
              <ListItemButton key={client.id} component={Link} to={linkTo(client.id)} divider>
                <ListItemText
                  primary={client.full_name}
                  secondary={[formatPhPhone(client.phone), client.email, client.location_name, client.is_active ? '' : 'inactive'].filter(Boolean).join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        )
      ) : null}
    </Box>
  );
};
