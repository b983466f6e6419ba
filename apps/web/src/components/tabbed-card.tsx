import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import { ScrollingTabs } from './scrolling-tabs';

type TabbedCardProps<V extends string> = {
  /** The tab list's name; also the prefix of the tabs' and panel's ids. */
  label: string;
  idPrefix: string;
  tabs: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  /** The chosen tab's panel. */
  children: ReactNode;
};

/**
 * An administration screen's tabs in a card (scrollable on phones), with the chosen tab's panel
 * labelled by its tab. The screen keeps the tab in its URL.
 */
export const TabbedCard = <V extends string>({
  label,
  idPrefix,
  tabs,
  value,
  onChange,
  children,
}: TabbedCardProps<V>) => (
  <Card>
    <ScrollingTabs
      value={value}
      onChange={(_event, next: V) => onChange(next)}
      aria-label={label}
      sx={{ px: { xs: 0.5, sm: 1.5 } }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.value}
          value={tab.value}
          label={tab.label}
          id={`${idPrefix}-tab-${tab.value}`}
          aria-controls={`${idPrefix}-panel-${tab.value}`}
        />
      ))}
    </ScrollingTabs>
    <div role="tabpanel" id={`${idPrefix}-panel-${value}`} aria-labelledby={`${idPrefix}-tab-${value}`}>
      {children}
    </div>
  </Card>
);
