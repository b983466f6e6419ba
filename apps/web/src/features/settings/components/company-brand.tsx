import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useSettings } from '../api/get-settings';

type CompanyBrandProps = {
  logoSize: number;
  /** Column for the sign-in card, row for the drawer header. */
  direction?: 'row' | 'column';
  /** Hide the name (icons-only drawer); the logo keeps it as its alt text. */
  hideName?: boolean;
  nameVariant?: TypographyProps['variant'];
};

/** The company logo and name from the settings call, with the built-in defaults (docs/product.md §1). */
export const CompanyBrand = ({
  logoSize,
  direction = 'row',
  hideName = false,
  nameVariant = 'h6',
}: CompanyBrandProps) => {
  const { companyName, logoUrl, isLoading } = useSettings();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: direction,
        alignItems: 'center',
        gap: direction === 'row' ? 1.5 : 1.5,
        minWidth: 0,
      }}
    >
      {isLoading ? (
        <Skeleton variant="rounded" width={logoSize} height={logoSize} sx={{ borderRadius: logoSize / 4 }} />
      ) : (
        <Box
          component="img"
          src={logoUrl}
          alt={`${companyName} logo`}
          sx={{
            width: logoSize,
            height: logoSize,
            objectFit: 'contain',
            borderRadius: `${logoSize / 4}px`,
            flexShrink: 0,
          }}
        />
      )}
      {hideName ? null : (
        <Typography
          variant={nameVariant}
          component="span"
          noWrap
          sx={{ color: 'text.primary', minWidth: 0, textAlign: direction === 'column' ? 'center' : 'left' }}
        >
          {isLoading ? <Skeleton width={110} /> : companyName}
        </Typography>
      )}
    </Box>
  );
};
