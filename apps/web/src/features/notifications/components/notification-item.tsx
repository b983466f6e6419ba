import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { Link as RouterLink } from 'react-router';
import { PANEL_LINK, type Notification } from '@ginhawa/contract';
import { formatDateTime } from '../../../lib/format';
import { refusalWords } from './decision-words';

/**
 * Only a same-site path of the panel becomes a link (the contract's PANEL_LINK, the rule the server
 * applies when a notification is sent). Rows stored before that rule, or anything else that slips
 * through, show the text so nobody is sent off-site (`/\t/evil.example` is `//evil.example` to a
 * browser, which drops tabs from URLs).
 */
const isPanelLink = (link: string) => PANEL_LINK.test(link);

/**
 * Where "Open" goes, or null. /admin/* lets only Admins in (docs/product.md §2); anyone else would land
 * back on /dashboard, so a Manager's report request is decided here, from the row, instead.
 */
export const openablePath = (link: string | null, admin: boolean): string | null =>
  link && isPanelLink(link) && (admin || !/^\/admin(\/|\?|#|$)/.test(link)) ? link : null;

type NotificationItemProps = {
  notification: Notification;
  /** Whether the viewer is an Admin, who alone may open /admin/* links. */
  admin: boolean;
  onMarkRead: (id: number) => void;
  onMarkUnread: (id: number) => void;
  onRemove: (id: number) => void;
  onDecide: (id: number, approved: boolean) => void;
};

/** One notification: unread marked, its link, read/unread and remove, approve/decline (return, for a report or pay run) for deciders. */
export const NotificationItem = ({
  notification: n,
  admin,
  onMarkRead,
  onMarkUnread,
  onRemove,
  onDecide,
}: NotificationItemProps) => {
  const open = openablePath(n.link, admin);
  const refusal = refusalWords(n.type);
  return (
    <Box
      component="li"
      aria-label={`${n.is_read ? '' : 'Unread: '}${n.title}`}
      sx={{
        listStyle: 'none',
        display: 'flex',
        gap: 1.5,
        px: { xs: 2, sm: 3 },
        py: 1.75,
        bgcolor: n.is_read ? undefined : 'rgba(47, 111, 94, 0.05)',
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ pt: 0.9, width: 10, flex: 'none' }}>
        {n.is_read ? null : (
          <Box title="Unread" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' }} />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: n.is_read ? 500 : 700, lineHeight: 1.35 }}>
          {n.title}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.25, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
          {n.message}
        </Typography>
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 0.5 }}>
          {[n.actor_name, formatDateTime(n.created_at)].filter(Boolean).join(' · ')}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', '&:empty': { display: 'none' } }}
        >
          {n.can_decide ? (
            <>
              <Button size="small" variant="contained" onClick={() => onDecide(n.id, true)}>
                Approve
              </Button>
              <Button size="small" variant="outlined" color="error" onClick={() => onDecide(n.id, false)}>
                {refusal.action}
              </Button>
            </>
          ) : null}
          {n.requires_approval && n.is_approved !== null ? (
            <Chip
              size="small"
              color={n.is_approved ? 'success' : 'default'}
              label={n.is_approved ? 'Approved' : refusal.done}
            />
          ) : null}
          {n.requires_approval && n.is_approved === null && !n.can_decide ? (
            <Chip size="small" label="Awaiting decision" />
          ) : null}
          {open ? (
            <Button
              size="small"
              component={RouterLink}
              to={open}
              onClick={() => (n.is_read ? undefined : onMarkRead(n.id))}
            >
              Open
            </Button>
          ) : null}
          {n.link && !isPanelLink(n.link) ? (
            <Typography variant="caption" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
              Link (not opened from here): {n.link}
            </Typography>
          ) : null}
        </Stack>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flex: 'none', alignItems: 'flex-start' }}>
        <Tooltip title={n.is_read ? 'Mark as unread' : 'Mark as read'}>
          <IconButton
            aria-label={n.is_read ? 'Mark as unread' : 'Mark as read'}
            onClick={() => (n.is_read ? onMarkUnread(n.id) : onMarkRead(n.id))}
          >
            {n.is_read ? <MarkEmailUnreadOutlined fontSize="small" /> : <DraftsOutlined fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title="Remove">
          <IconButton aria-label="Remove" onClick={() => onRemove(n.id)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
};
