import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

type SearchFieldProps = Omit<TextFieldProps, 'type' | 'slotProps'>;

/** A search box with the magnifier in front, the same wherever a list or record is searched. */
export const SearchField = (props: SearchFieldProps) => (
  <TextField
    {...props}
    type="search"
    slotProps={{
      input: {
        startAdornment: (
          <InputAdornment position="start">
            <SearchOutlined fontSize="small" />
          </InputAdornment>
        ),
      },
    }}
  />
);
