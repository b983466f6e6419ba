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
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
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
  /**
   * A picker (the floor board's "which client?"): a client found, a recent one or one just added is
   * chosen, never opened, so the desk does not leave the step it is in.
   */
  onPick?: (client: PickedClient) => void;
  /** The signed-in person: their recent clients, and "New client" (homed at their location) when nothing matches. */
  desk?: DeskUser;
};

/** What a picker is given: enough to name the client (a recent client carries no more). */
export type PickedClient = Pick<Client, 'id' | 'full_name'>;

/**
 * What tells a client apart from a namesake in the list, for the row's button name: two "Daniel
 * Evangelista" rows would otherwise both be "Choose for Daniel Evangelista" to a screen reader. The
 * mobile's last 4 digits as the row shows them, else the email, else the home branch.
 */
const namesake = (client: Client) =>
  client.phone ? `mobile ending ${client.phone.slice(-4)}` : client.email || client.location_name;

const ResultRow = ({
  client,
  linkTo,
  onLogArrival,
  onPick,
}: {
  client: Client;
  linkTo: (clientId: number) => string;
  onLogArrival?: (client: Client) => void;
  onPick?: (client: PickedClient) => void;
}) => {
  const onAction = onPick ?? onLogArrival;
  const actionLabel = onPick ? 'Choose' : 'Log arrival';
  return (
    <ListItem disablePadding divider sx={{ gap: 1 }}>
      <ListItemButton
        {...(onPick
          ? { onClick: () => onPick(client), disabled: !client.is_active }
          : { component: Link, to: linkTo(client.id) })}
      >
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
      {onAction && client.is_active ? (
        <Button
          size="small"
          variant="outlined"
          onClick={() => onAction(client)}
          aria-label={`${actionLabel} for ${client.full_name}, ${namesake(client)}`}
          sx={{ flexShrink: 0, mr: 1 }}
        >
          {actionLabel}
        </Button>
      ) : null}
    </ListItem>
  );
};

/** The clients this browser opened last (empty search box): a way back to who was just served. */
const RecentClients = ({
  userId,
  linkTo,
  onPick,
}: {
  userId: number;
  linkTo: (clientId: number) => string;
  onPick?: (client: PickedClient) => void;
}) => {
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
          <ListItemButton {...(onPick ? { onClick: () => onPick(c) } : { component: Link, to: linkTo(c.id) })}>
            <ListItemText primary={c.full_name} secondary={c.location_name} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
};

/** Find a client by name (any order), mobile (any form) or email; best matches first, each a link to the record (and, at the front desk, a Log arrival button). */
export const ClientSearch = ({ linkTo, autoFocus = false, onLogArrival, onPick, desk }: ClientSearchProps) => {
  const [text, setText] = useState('');
  const [newClient, setNewClient] = useState<ClientPrefill | null>(null);
  const navigate = useNavigate();
  const search = useClientSearch(text);
  const results = search.data?.results;
  const typed = text.trim() !== '';
  // A phone has no / or Ctrl+K, and at 390 px the hint cut the placeholder off mid-word.
  const keyboard = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));

  return (
    <Box>
      <SearchField
        id={CLIENT_SEARCH_ID}
        label="Find a client"
        placeholder={keyboard ? `Name, mobile or email (${CLIENT_SEARCH_HINT})` : 'Name, mobile or email'}
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
      {!typed && desk ? <RecentClients userId={desk.id} linkTo={linkTo} onPick={onPick} /> : null}
      {typed && search.settled && results && !search.error ? (
        results.length === 0 ? (
          <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="textSecondary" role="status" sx={{ flex: '1 1 12rem' }}>
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
                  onPick={onPick}
                />
              ))}
            </List>
            {search.data?.more ? (
              <Typography variant="body2" color="textSecondary" role="status" sx={{ px: 2, py: 1 }}>
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
          onSaved={(saved) => (onPick ? onPick(saved) : void navigate(linkTo(saved.id)))}
        />
      ) : null}
    </Box>
  );
};
