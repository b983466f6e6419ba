import Card from '@mui/material/Card';
import { PageHeader } from '../../../components/page-header';
import { LocationList } from '../../../features/locations/components/location-list';

/** /admin/locations */
export const LocationsScreen = () => (
  <>
    <PageHeader title="Locations" subtitle="Branches, their addresses and opening hours (on the 15-minute grid)." />
    <Card>
      <LocationList />
    </Card>
  </>
);
