import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { OpenTabs } from './open-tabs';

/**
 * The desk dashboard's open tabs (issue 32): one card per branch the person works at, each row
 * opening its checkout, so a visit finished on the floor can be paid from the desk too.
 */
export const OpenTabsTile = ({
  locations,
  manages,
  salesperson,
}: {
  locations: readonly { id: number; name: string }[];
  manages: boolean;
  salesperson?: number | null;
}) => (
  <>
    {locations.map((location) => {
      const title = locations.length > 1 ? `Open tabs · ${location.name}` : 'Open tabs';
      return (
        <Card key={location.id} component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontFamily: 'Poppins, sans-serif', fontWeight: 600, mb: 1.5 }}
          >
            {title}
          </Typography>
          <OpenTabs location={location.id} manages={manages} salesperson={salesperson} />
        </Card>
      );
    })}
  </>
);
