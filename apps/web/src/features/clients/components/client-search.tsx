import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { Link, useNavigate } from 'react-router';
import { CLIENT_SEARCH_LIMIT, formatPhPhone, type Client } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { SearchField } from '../../../components/search-field';
import { CLIENT_SEARCH_HINT, CLIENT_SEARCH_ID } from '../../../lib/shortcuts';
import { useClientSearch } from '../api/search-clients';
import { ClientForm, type ClientPrefill } from './client-form';
import type { DeskUser } from './desk-user';
import { useRecentClients } from './recent-clients';
import { prefillFromSearch } from './search-prefill';

type ClientSearchProps = {
  /** Where a result opens: /clients/{id} for staff, /admin/clients/{id} in the admin list. */
  linkTo: (clientId: number) => string;
  autoFocus?: boolean;
  /** The front desk's shortcut: each active client found gets a "Log arrival" button beside its link. */
  onLogArrival?: (client: Client) => void;
  /** The button's word beside each client, "Log arrival" unless said (the floor board says "Choose"). */
  actionLabel?: string;
  /** The signed-in person: their recent clients, and "New client" (homed at their location) when nothing matches. */
  desk?: DeskUser;
};

const ResultRow = ({
  client,
  linkTo,
  onLogArrival,
  actionLabel = 'Log arrival',
}: {
  client: Client;
  linkTo: (clientId: number) => string;
  onLogArrival?: (client: Client) => void;
  actionLabel?: string;
}) => (
  <ListItem disablePadding divider sx={{ gap: 1 }}>
    <ListItemButton component={Link} to={linkTo(client.id)}>
      <ListItemText
        primary={client.full_name}
        secondary={[formatPhPhone(client.phone), client.email, client.location_name, client.is_active ? '' : 'inactive']
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
        aria-label={`${actionLabel} for ${client.full_name}`}
        sx={{ flexShrink: 0, mr: 1 }}
      >
        {actionLabel}
      </Button>
    ) : null}
  </ListItem>
);

/** The clients this browser opened last (empty search box): a way back to who was just served. */
const RecentClients = ({ userId, linkTo }: { userId: number; linkTo: (clientId: number) => string }) => {
  const recent = useRecentClients(userId);
  if (recent.length === 0) return null;
  return (
    <List
      aria-labelledby="recent-clients-label"
      dense
      sx={{ mt: 1 }}
      subheader={
        <ListSubheader id="recent-clients-label" disableSticky sx={{ px: 0, bgcolor: 'transparent' }}>
          Recent clients
        </ListSubheader>
      }
    >
      {recent.map((c) => (
        <ListItem key={c.id} disablePadding divider>
          <ListItemButton component={Link} to={linkTo(c.id)}>
            <ListItemText primary={c.full_name} secondary={c.location_name} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
};

/** Find a client by name (any order), mobile (any form) or email; best matches first, each a link to the record (and, at the front desk, a Log arrival button). */
export const ClientSearch = ({ linkTo, autoFocus = false, onLogArrival, actionLabel, desk }: ClientSearchProps) => {
  const [text, setText] = useState('');
  const [newClient, setNewClient] = useState<ClientPrefill | null>(null);
  const navigate = useNavigate();
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
      {!typed && desk ? <RecentClients userId={desk.id} linkTo={linkTo} /> : null}
      {typed && search.settled && results && !search.error ? (
        results.length === 0 ? (
          <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" role="status" sx={{ flex: '1 1 12rem' }}>
              No client matches “{search.q}”.
            </Typography>
            {desk ? (
              <Button
                variant="contained"
                startIcon={<PersonAddAlt1Outlined />}
                onClick={() => setNewClient(prefillFromSearch(search.q))}
              >
                New client
              </Button>
            ) : null}
          </Box>
        ) : (
          <>
            <List aria-label="Clients found" sx={{ mt: 1 }}>
              {results.map((client) => (
                <ResultRow
                  key={client.id}
                  client={client}
                  linkTo={linkTo}
                  onLogArrival={onLogArrival}
                  actionLabel={actionLabel}
                />
              ))}
            </List>
            {search.data?.more ? (
              <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, py: 1 }}>
                {CLIENT_SEARCH_LIMIT}+ results — refine your search (add a last name or more of the mobile).
              </Typography>
            ) : null}
          </>
        )
      ) : null}
      {newClient ? (
        <ClientForm
          client={null}
          defaultLocation={desk?.locations[0] ?? null}
          desk={{ user: desk, prefill: newClient, linkTo }}
          onClose={() => setNewClient(null)}
          onSaved={(saved) => void navigate(linkTo(saved.id))}
        />
      ) : null}
    </Box>
  );
};
