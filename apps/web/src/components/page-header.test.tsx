import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../config/theme';
import { renderInProviders } from '../test/render';
import { PageHeader } from './page-header';
import { withEveryStyleRule } from '../test/hiding-styles-only';

// This file checks colours and layout, not only what is hidden.
withEveryStyleRule();

describe('PageHeader', () => {
  it('writes its subtitle in the secondary text colour, under the title', () => {
    renderInProviders(<PageHeader title="Services" subtitle="Treatments, memberships and their categories." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    // MUI 9's Typography ignored the theme path `text.secondary`: the subtitle came out in the body's colour.
    expect(screen.getByText('Treatments, memberships and their categories.')).toHaveStyle({
      color: theme.palette.text.secondary,
    });
  });
});
