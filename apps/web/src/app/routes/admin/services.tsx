import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TabbedCard } from '../../../components/tabbed-card';
import { parseMembershipId } from '../../../features/services/api/get-membership';
import { CategoryList } from '../../../features/services/components/category-list';
import { MembershipEditor } from '../../../features/services/components/membership-editor';
import { MembershipList } from '../../../features/services/components/membership-list';
import { TreatmentList } from '../../../features/services/components/treatment-list';

export const SERVICE_TABS = [
  { value: 'treatments', label: 'Treatments' },
  { value: 'treatment-categories', label: 'Treatment categories' },
  { value: 'memberships', label: 'Memberships' },
  { value: 'membership-categories', label: 'Membership categories' },
] as const;
export type ServiceTab = (typeof SERVICE_TABS)[number]['value'];

const isTab = (value: string | null): value is ServiceTab => SERVICE_TABS.some((t) => t.value === value);

/** /admin/services: the catalogue in four tabs; the tab lives in `?tab=` so links and Back work. */
export const ServicesScreen = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ServiceTab = isTab(requested) ? requested : 'treatments';

  return (
    <>
      <PageHeader title="Services" subtitle="Treatments, memberships and their categories. Prices in pesos." />
      <TabbedCard
        label="Services catalogue"
        idPrefix="services"
        tabs={SERVICE_TABS}
        value={tab}
        onChange={(value) => setSearchParams(value === 'treatments' ? {} : { tab: value })}
      >
        {tab === 'treatments' ? <TreatmentList /> : null}
        {tab === 'treatment-categories' ? <CategoryList key="treatment" kind="treatment" /> : null}
        {tab === 'memberships' ? <MembershipList /> : null}
        {tab === 'membership-categories' ? <CategoryList key="membership" kind="membership" /> : null}
      </TabbedCard>
    </>
  );
};

/** /admin/services/memberships/:membershipId */
export const MembershipScreen = () => {
  const { membershipId } = useParams();
  return <MembershipEditor key={membershipId} membershipId={parseMembershipId(membershipId)} />;
};
