import { Field, Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { NoScriptKeptFilters } from './CatalogNoScript';
import { useSettlingText } from './useSettlingText';

/**
 * A catalog's search box whose search lives in the URL: the box shows what is typed and reports
 * the trimmed search shortly after typing stops (or at once on Enter); a search changed elsewhere
 * (back button, a link) replaces what the box shows.
 */
export function CatalogSearchForm({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  const { text, onText, settleNow } = useSettlingText(value, (typed) => onSearch(typed.trim()));

  return (
    <form
      role="search"
      style={{ flex: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        settleNow();
      }}
    >
      <NoScriptKeptFilters />
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <InputGroup startElement={<Search size={16} aria-hidden />} w="full">
          <Input
            type="search"
            name="q"
            bg="bg"
            placeholder={placeholder}
            value={text}
            onChange={(e) => onText(e.target.value)}
          />
        </InputGroup>
      </Field.Root>
    </form>
  );
}
