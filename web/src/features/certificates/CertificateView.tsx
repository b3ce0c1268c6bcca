import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { formatCertificateDate, type MergeFields, renderSegments, safeAccent } from './certificateText';

export interface CertificateTemplateLike {
  heading: string;
  body: string;
  signatoryName: string;
  signatoryTitle: string;
  accentColor: string;
}

export interface CertificateViewProps {
  template: CertificateTemplateLike;
  fields: MergeFields;
  /** Printed at the bottom, as on the PDF. */
  verificationUrl?: string | null;
  /** The verification URL's QR code (an SVG path in a size×size box); a placeholder when absent. */
  qrCode?: { size: number; path: string } | null;
  /** A revoked certificate shows a REVOKED stamp and the reason. */
  revoked?: { revokedAt?: unknown; reason?: string | null } | null;
  /** Underline the merged values (the template editor's preview). */
  highlightMerged?: boolean;
  /** Accessible name of the figure. */
  label?: string;
}

const INK = '#1a202c';
const MUTED = '#4a5568';
const SOFT = '#718096';
const SERIF = 'Georgia, "DejaVu Serif", "Times New Roman", serif';

/** A template text with its merge fields, optionally marking the merged values. */
function Merged({ text, fields, highlight }: { text: string; fields: MergeFields; highlight: boolean }) {
  return (
    <>
      {renderSegments(text, fields).map((segment, i) =>
        segment.placeholder && highlight ? (
          <Box
            as="mark"
            key={i}
            bg="transparent"
            color="inherit"
            textDecoration="underline"
            textDecorationStyle="dotted"
            textUnderlineOffset="0.2em"
            title={`{{${segment.placeholder}}}`}
          >
            {segment.text}
          </Box>
        ) : (
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * A certificate drawn in HTML and CSS from its template — the same layout as the PDF (landscape
 * A4 proportions, the accent-coloured frame, heading, student, course, body, signatory, date and
 * number). Sizes follow the width of the certificate, so it scales from a phone to a wide screen.
 * Used by the certificate page and by the template editor's live preview.
 */
export function CertificateView({
  template,
  fields,
  verificationUrl,
  qrCode,
  revoked,
  highlightMerged = false,
  label,
}: CertificateViewProps) {
  const accent = safeAccent(template.accentColor);
  return (
    <Box css={{ containerType: 'inline-size' }} w="full">
      <Box
        role="figure"
        aria-label={label ?? `Certificate for ${fields.studentName}`}
        data-testid="certificate-view"
        position="relative"
        overflow="hidden"
        aspectRatio={297 / 210}
        bg="white"
        color={INK}
        borderRadius="sm"
        boxShadow="lg"
        style={{ border: `1.1cqw solid ${accent}` }}
      >
        <Flex
          position="absolute"
          inset="1.4cqw"
          direction="column"
          align="center"
          textAlign="center"
          // A revoked certificate keeps room at the bottom for the REVOKED line.
          style={{ border: `1px solid ${accent}`, padding: `3.2cqw 5cqw ${revoked ? '5.2cqw' : '2.4cqw'}` }}
        >
          <Text
            fontWeight="bold"
            style={{ color: accent, fontSize: '1.15cqw', letterSpacing: '0.45em' }}
            textTransform="uppercase"
          >
            DRX · Dance Education
          </Text>
          <Text
            as="h2"
            fontWeight="bold"
            lineHeight="1.15"
            style={{ color: accent, fontFamily: SERIF, fontSize: '4.1cqw', marginTop: '1.2cqw' }}
          >
            <Merged text={template.heading} fields={fields} highlight={highlightMerged} />
          </Text>
          <Box style={{ width: '14cqw', height: '0.25cqw', background: accent, margin: '1.2cqw 0 1.8cqw' }} />
          <Text style={{ color: SOFT, fontSize: '1.45cqw' }}>This certificate is presented to</Text>
          <Text
            fontWeight="bold"
            lineHeight="1.15"
            style={{ fontFamily: SERIF, fontSize: '4.8cqw', marginTop: '0.6cqw' }}
            wordBreak="break-word"
          >
            {fields.studentName}
          </Text>
          <Text style={{ color: SOFT, fontSize: '1.45cqw', marginTop: '1cqw' }}>for the course</Text>
          <Text fontWeight="bold" style={{ color: accent, fontSize: '2.4cqw', marginTop: '0.4cqw' }}>
            {fields.courseTitle}
          </Text>
          <Text
            whiteSpace="pre-line"
            lineHeight="1.45"
            overflow="hidden"
            style={{
              color: MUTED,
              fontFamily: SERIF,
              fontSize: '1.6cqw',
              marginTop: '1.6cqw',
              maxWidth: '62cqw',
              maxHeight: '12cqw',
            }}
            data-testid="certificate-body"
          >
            <Merged text={template.body} fields={fields} highlight={highlightMerged} />
          </Text>

          <Flex mt="auto" w="full" align="flex-end" justify="space-between" gap="2cqw">
            <Stack gap="0" align="center" style={{ width: '26cqw' }}>
              <Text fontStyle="italic" style={{ fontFamily: SERIF, fontSize: '1.8cqw' }} lineClamp={1}>
                {template.signatoryName || '\u00a0'}
              </Text>
              <Box style={{ width: '100%', height: '1px', background: MUTED, margin: '0.5cqw 0' }} />
              <Text fontWeight="bold" style={{ fontSize: '1.2cqw' }} lineClamp={1}>
                {template.signatoryName}
              </Text>
              <Text style={{ color: SOFT, fontSize: '1.05cqw' }} lineClamp={2}>
                {template.signatoryTitle}
              </Text>
            </Stack>
            <Stack gap="0.3cqw" align="center" flex="1" minW="0">
              <Text style={{ color: SOFT, fontSize: '1cqw', letterSpacing: '0.1em' }}>ISSUED ON</Text>
              <Text fontWeight="bold" style={{ fontSize: '1.4cqw' }}>
                {fields.issuedOn}
              </Text>
              <Text style={{ color: SOFT, fontSize: '1cqw', letterSpacing: '0.1em', marginTop: '0.6cqw' }}>
                CERTIFICATE NUMBER
              </Text>
              <Text fontWeight="bold" fontFamily="mono" style={{ fontSize: '1.4cqw' }}>
                {fields.certificateNumber}
              </Text>
              {verificationUrl ? (
                <Text style={{ color: SOFT, fontSize: '0.95cqw', marginTop: '0.6cqw' }} wordBreak="break-all">
                  Verify at {verificationUrl}
                </Text>
              ) : null}
            </Stack>
            <Stack gap="0.4cqw" align="center" style={{ width: '26cqw' }}>
              {qrCode ? (
                <svg
                  viewBox={`-2 -2 ${qrCode.size + 4} ${qrCode.size + 4}`}
                  role="img"
                  aria-label="QR code of the verification link"
                  style={{ width: '10cqw', height: '10cqw', background: '#fff' }}
                >
                  <path d={qrCode.path} fill={INK} shapeRendering="crispEdges" />
                </svg>
              ) : (
                <Flex
                  align="center"
                  justify="center"
                  style={{
                    width: '10cqw',
                    height: '10cqw',
                    border: `1px dashed ${SOFT}`,
                    color: SOFT,
                    fontSize: '1cqw',
                  }}
                >
                  QR code
                </Flex>
              )}
              <Text style={{ color: SOFT, fontSize: '0.85cqw' }}>Scan to verify</Text>
            </Stack>
          </Flex>
        </Flex>

        {revoked ? (
          <>
            <Flex
              position="absolute"
              inset="0"
              align="center"
              justify="center"
              pointerEvents="none"
              aria-hidden
            >
              <Text
                fontWeight="black"
                style={{
                  color: 'rgba(197, 48, 48, 0.22)',
                  fontSize: '13cqw',
                  transform: 'rotate(-24deg)',
                  letterSpacing: '0.05em',
                }}
              >
                REVOKED
              </Text>
            </Flex>
            <Text
              position="absolute"
              left="8%"
              right="8%"
              bottom="3.2cqw"
              fontWeight="bold"
              textAlign="center"
              style={{ color: '#c53030', background: '#fff5f5', fontSize: '1.1cqw', padding: '0.4cqw 1cqw' }}
            >
              REVOKED{revoked.revokedAt ? ` on ${formatCertificateDate(revoked.revokedAt)}` : ''}
              {revoked.reason ? ` — ${revoked.reason}` : ''}
            </Text>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
