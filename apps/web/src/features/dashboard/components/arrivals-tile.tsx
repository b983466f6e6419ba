import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Tile } from '../../../components/tile';
import { useArrivals } from '../api/get-reports-data';

type ArrivalsTileProps = {
  title: string;
  date: string;
  /** Whose arrivals: mine as a therapist, or my location's. */
  by: { therapist?: number; location?: number };
  emptyHint: string;
  /** Receptionists see the therapist; therapists know who they are. */
  showTherapist?: boolean;
};

/** Therapist and receptionist: today's arrivals in time order, with client and treatment. */
export const ArrivalsTile = ({ title, date, by, emptyHint, showTherapist = false }: ArrivalsTileProps) => {
  const { data, error, isLoading, mutate } = useArrivals(date, by);
  return (
    <Tile
      title={title}
      state={{ isLoading, error, empty: data?.results.length === 0, retry: () => void mutate() }}
      errorTitle="Today's arrivals could not be loaded"
      emptyTitle="No arrivals yet today"
      emptyHint={emptyHint}
    >
      <List dense disablePadding>
        {data?.results.map((a) => (
          <ListItem key={a.id} disableGutters>
            <Typography sx={{ width: 56, flexShrink: 0, fontWeight: 600 }}>{a.time.slice(0, 5)}</Typography>
            <ListItemText
              primary={a.client_name}
              secondary={[a.treatment_name ?? 'No treatment named', showTherapist ? a.therapist_name : null]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Tile>
  );
};
