import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { formatPhPhone, type Client } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { SearchField } from '../../../components/search-field';
import { CLIENT_SEARCH_HINT, CLIENT_SEARCH_ID } from '../../../lib/shortcuts';
import { useClientSearch } from '../api/search-clients';

type ClientSearchProps = {
  /** Where a result opens: /clients/{id} for staff, /admin/clients/{id} in the admin list. */
  linkTo: (clientId: number) => string;
  autoFocus?: boolean;
  /** The front desk's shortcut: each active client found gets a "Log arrival" button beside its link. */
  onLogArrival?: (client: Client) => void;
};

/** Find a client by name (any order), mobile (any form) or email; best matches first, each a link to the record (and, at the front desk, a Log arrival button). */
export const ClientSearch = ({ linkTo, autoFocus = false, onLogArrival }: ClientSearchProps) => {
  const [text, setText] = useState('');
  const search = useClientSearch(text);
  const results = search.data?.results;
  const typed = text.trim() !== '';

  return (
    <Box>
      <SearchField
        id={CLIENT_SEARCH_ID}
        label="Find a client"
        placeholder={`Name, mobile or email (${CLIENT_SEARCH_HINT})`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoFocus={autoFocus}
        autoComplete="off"
      />
      {typed && (!search.settled || search.isValidating) ? (
        <LinearProgress aria-label="Searching" sx={{ mt: 0.5 }} />
      ) : null}
      {typed && search.error ? (
        <LoadError title="The search could not be done" error={search.error} onRetry={() => void search.mutate()} />
      ) : null}
      {typed && search.settled && results && !search.error ? (
        results.length === 0 ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ p: 2 }}>
            No client matches “{search.q}”.
          </Typography>
        ) : (
          <List aria-label="Clients found" sx={{ mt: 1 }}>
            {results.map((client) => (
              <ListItem key={client.id} disablePadding divider sx={{ gap: 1 }}>
                <ListItemButton component={Link} to={linkTo(client.id)}>
                  <ListItemText
                    primary={client.full_name}
                    secondary={[
                      formatPhPhone(client.phone),
                      client.email,
                      client.location_name,
                      client.is_active ? '' : 'inactive',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
                {onLogArrival && client.is_active ? (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => onLogArrival(client)}
                    aria-label={`Log arrival for ${client.full_name}`}
                    sx={{ flexShrink: 0, mr: 1 }}
                  >
                    Log arrival
                  </Button>
                ) : null}
              </ListItem>
            ))}
          </List>
        )
      ) : null}
    </Box>
  );
};
