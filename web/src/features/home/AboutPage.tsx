import { Box, Button, Card, Container, Heading, Icon, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { GraduationCap, Handshake, Heart, School, ShieldCheck, Store, Target, Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_AREAS } from './productAreas';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

const AUDIENCES = [
  {
    icon: School,
    title: 'Studio owners',
    text: 'Give your faculty a shared curriculum, train new teachers to a common standard and find guest instructors for workshops.',
  },
  {
    icon: Users,
    title: 'Teachers',
    text: 'Earn certifications that show what you know, pick up fresh class material and book mentoring when you want a second eye.',
  },
  {
    icon: GraduationCap,
    title: 'Students',
    text: 'Learn from experienced instructors at your own pace, test yourself with quizzes and keep every certificate you earn.',
  },
  {
    icon: Store,
    title: 'Sellers',
    text: 'Turn the lesson plans, syllabi and teaching aids you have refined over years into a store other teachers can buy from.',
  },
];

const VALUES = [
  {
    icon: Target,
    title: 'Craft first',
    text: 'Good teaching rests on good technique and clear progressions. Courses and materials are judged on whether they work in a real class.',
  },
  {
    icon: Handshake,
    title: 'Fair to creators',
    text: 'The people who write curriculum and teach courses are the heart of DRX. Their work is credited to them and sold under their name.',
  },
  {
    icon: Heart,
    title: 'Every style, every age',
    text: 'From toddler ballet to adult breakdance, DRX serves the whole range of dance education — not just one tradition.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust and care',
    text: 'Payments are handled by a card payment provider, your purchases stay in your account, and you decide what appears on your profile.',
  },
];

export default function AboutPage() {
  useDocumentTitle('About');

  return (
    <Box>
      <Box as="section" aria-labelledby="about-heading" bg="brand.subtle" py={{ base: 14, md: 20 }}>
        <Container maxW="4xl">
          <Stack gap={5}>
            <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide">
              About DRX
            </Text>
            <Heading id="about-heading" as="h1" size={{ base: '3xl', md: '5xl' }}>
              Better dance teaching, shared
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted">
              Our mission is to help every dance educator teach with confidence. Too much good teaching
              knowledge stays locked inside single studios, and too many teachers build their classes alone.
              DRX is a marketplace where that knowledge can move: teachers learn from each other through
              certification courses, share proven material in the curriculum store, and connect directly for
              lessons and mentoring.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="about-audience-heading" py={{ base: 14, md: 20 }}>
        <Container maxW="6xl">
          <Heading id="about-audience-heading" as="h2" size={{ base: '2xl', md: '3xl' }} mb={8}>
            Who DRX is for
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6}>
            {AUDIENCES.map((audience) => (
              <Card.Root key={audience.title} variant="subtle" h="full">
                <Card.Body gap={3}>
                  <Icon boxSize={7} color="brand.fg">
                    <audience.icon />
                  </Icon>
                  <Card.Title as="h3">{audience.title}</Card.Title>
                  <Card.Description>{audience.text}</Card.Description>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="about-areas-heading" bg="bg.subtle" py={{ base: 14, md: 20 }}>
        <Container maxW="6xl">
          <Heading id="about-areas-heading" as="h2" size={{ base: '2xl', md: '3xl' }} mb={3}>
            What you will find here
          </Heading>
          <Text color="fg.muted" mb={8} maxW="3xl">
            DRX is organised into four areas. Use one or all of them — they share one account, one cart and
            one place for your purchases.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
            {PRODUCT_AREAS.map((area) => (
              <Card.Root key={area.to} variant="outline" h="full">
                <Card.Header>
                  <Stack direction="row" align="center" gap={3}>
                    <Icon boxSize={6} color="brand.fg">
                      <area.icon />
                    </Icon>
                    <Card.Title as="h3">{area.title}</Card.Title>
                  </Stack>
                </Card.Header>
                <Card.Body gap={4}>
                  <Text>{area.summary}</Text>
                  <List.Root ps={5} gap={1} color="fg.muted">
                    {area.details.map((detail) => (
                      <List.Item key={detail}>{detail}</List.Item>
                    ))}
                  </List.Root>
                </Card.Body>
                <Card.Footer>
                  <Button asChild variant="outline" colorPalette="brand" size="sm">
                    <RouterLink to={area.to}>{area.cta}</RouterLink>
                  </Button>
                </Card.Footer>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="about-values-heading" py={{ base: 14, md: 20 }}>
        <Container maxW="6xl">
          <Heading id="about-values-heading" as="h2" size={{ base: '2xl', md: '3xl' }} mb={8}>
            What we value
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={8}>
            {VALUES.map((value) => (
              <Stack key={value.title} direction="row" gap={4} align="flex-start">
                <Box bg="brand.muted" color="brand.fg" borderRadius="lg" p={3}>
                  <Icon boxSize={5}>
                    <value.icon />
                  </Icon>
                </Box>
                <Stack gap={1}>
                  <Heading as="h3" size="md">
                    {value.title}
                  </Heading>
                  <Text color="fg.muted">{value.text}</Text>
                </Stack>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="about-join-heading" pb={{ base: 14, md: 20 }}>
        <Container maxW="4xl">
          <Stack gap={4} align="center" textAlign="center">
            <Heading id="about-join-heading" as="h2" size={{ base: 'xl', md: '2xl' }}>
              Ready to start?
            </Heading>
            <Text color="fg.muted">Create an account and take your first course this week.</Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
              <Button asChild colorPalette="brand" size="lg">
                <RouterLink to="/register">Get Started</RouterLink>
              </Button>
              <Button asChild variant="outline" colorPalette="brand" size="lg">
                <RouterLink to="/courses">Browse courses</RouterLink>
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
