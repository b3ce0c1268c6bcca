import { Button, HStack } from '@chakra-ui/react';
import { FileDown, ReceiptText } from 'lucide-react';

/** The order's receipt: the HTML page in a new tab, and the PDF as a download. */
export function ReceiptLinks({ receiptUrl, receiptPdfUrl }: { receiptUrl: string; receiptPdfUrl: string }) {
  return (
    <HStack gap={2} wrap="wrap">
      <Button asChild size="xs" variant="ghost">
        <a href={receiptUrl} target="_blank" rel="noopener">
          <ReceiptText size={14} aria-hidden /> Receipt
        </a>
      </Button>
      <Button asChild size="xs" variant="ghost">
        <a href={receiptPdfUrl} download>
          <FileDown size={14} aria-hidden /> Receipt (PDF)
        </a>
      </Button>
    </HStack>
  );
}
