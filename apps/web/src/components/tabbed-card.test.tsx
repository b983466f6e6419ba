import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInProviders, setViewportWidth } from '../test/render';
import { TabbedCard } from './tabbed-card';

const TABS = [
  { value: 'treatments', label: 'Treatments' },
  { value: 'treatment-categories', label: 'Treatment categories' },
  { value: 'memberships', label: 'Memberships' },
  { value: 'membership-categories', label: 'Membership categories' },
] as const;

const setup = () =>
  renderInProviders(
    <TabbedCard
      label="Services catalogue"
      idPrefix="services"
      tabs={TABS}
      value="membership-categories"
      onChange={() => undefined}
    >
      Membership categories list
    </TabbedCard>,
  );

/** MUI's scroll buttons beside the tab row (divs without a role). */
const scrollButtons = () =>
  screen
    .getByRole('tablist', { name: 'Services catalogue' })
    .closest('.MuiTabs-root')!
    .querySelectorAll('.MuiTabScrollButton-root');

describe('tabbed card', () => {
  afterEach(() => setViewportWidth(1280));

  it('on a phone has its scroll buttons from the first render, so the row never narrows under a chosen later tab', () => {
    setViewportWidth(390);
    setup();
    expect(screen.getByRole('tab', { name: 'Membership categories' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Membership categories' })).toHaveTextContent(
      'Membership categories list',
    );
    expect(scrollButtons()).toHaveLength(2);
  });

  it('on a wide screen gives the tabs the whole row while they fit', () => {
    setup();
    expect(scrollButtons()).toHaveLength(0);
  });
});
