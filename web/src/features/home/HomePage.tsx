import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  Icon,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowRight, Award, Search, UserPlus, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FeaturedShopProducts } from './FeaturedShopProducts';
import { PRODUCT_AREAS } from './productAreas';

const STEPS = [
  {
    icon: UserPlus,
    title: 'Create your account',
    text: 'Sign up in a minute. Browsing courses and the curriculum store is open to everyone.',
  },
  {
    icon: Search,
    title: 'Find what you need',
    text: 'Pick a certification course, download class-ready materials or book an instructor.',
  },
  {
    icon: Award,
    title: 'Learn and get certified',
    text: 'Work through modules, lessons and quizzes, and earn a certificate when you finish.',
  },
  {
    icon: Sparkles,
    title: 'Bring it to your studio',
    text: 'Use what you learned in class tomorrow — and share your own material with other teachers.',
  },
];

export default function HomePage() {
  useEffect(() => {
    document.title = 'DRX — Dance education marketplace';
  }, []);

  return (
    <Box>
      <Box
        as="section"
        aria-labelledby="home-hero-heading"
        bgGradient="to-br"
        gradientFrom="brand.700"
        gradientTo="brand.600"
        color="white"
        py={{ base: 16, md: 24 }}
      >
        <Container maxW="5xl">
          <Stack
            gap={6}
            align={{ base: 'flex-start', md: 'center' }}
            textAlign={{ base: 'left', md: 'center' }}
          >
            <Badge colorPalette="brand" variant="solid" bg="whiteAlpha.200" size="lg">
              Dance education marketplace
            </Badge>
            <Heading id="home-hero-heading" as="h1" size={{ base: '4xl', md: '6xl' }} lineHeight="short">
              Where dance teachers learn, teach and grow
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} maxW="3xl" color="whiteAlpha.900">
              DRX brings certification courses, a curriculum store written by working teachers, bookable
              instructors and a membership together in one place — so you can spend less time searching and
              more time in the studio.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={4} w={{ base: 'full', sm: 'auto' }}>
              <Button asChild size="lg" bg="white" color="brand.700" _hover={{ bg: 'brand.50' }}>
                <RouterLink to="/courses">Browse courses</RouterLink>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to="/curriculum">Explore curriculum</RouterLink>
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="home-areas-heading" py={{ base: 14, md: 20 }}>
        <Container maxW="6xl">
          <Stack gap={3} mb={10} textAlign="center" align="center">
            <Heading id="home-areas-heading" as="h2" size={{ base: '2xl', md: '3xl' }}>
              Everything a dance educator needs
            </Heading>
            <Text color="fg.muted" maxW="2xl">
              Four parts of DRX work together: learn in structured courses, teach with proven material, get
              one-to-one help, and keep growing with a membership.
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6}>
            {PRODUCT_AREAS.map((area) => (
              <LinkBox key={area.to} asChild>
                <Card.Root
                  variant="outline"
                  h="full"
                  transition="box-shadow 0.2s, transform 0.2s"
                  _hover={{ shadow: 'lg', transform: 'translateY(-2px)' }}
                >
                  <Card.Body gap={3}>
                    <Box bg="brand.muted" color="brand.fg" borderRadius="lg" p={3} w="fit-content">
                      <Icon boxSize={6}>
                        <area.icon />
                      </Icon>
                    </Box>
                    <Card.Title as="h3">{area.title}</Card.Title>
                    <Card.Description>{area.summary}</Card.Description>
                  </Card.Body>
                  <Card.Footer>
                    <LinkOverlay asChild color="brand.fg" fontWeight="semibold">
                      <RouterLink to={area.to}>
                        {area.cta}
                        <Icon boxSize={4} ms={1} verticalAlign="middle">
                          <ArrowRight />
                        </Icon>
                      </RouterLink>
                    </LinkOverlay>
                  </Card.Footer>
                </Card.Root>
              </LinkBox>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <FeaturedShopProducts />

      <Box as="section" aria-labelledby="home-how-heading" bg="brand.subtle" py={{ base: 14, md: 20 }}>
        <Container maxW="6xl">
          <Heading id="home-how-heading" as="h2" size={{ base: '2xl', md: '3xl' }} textAlign="center" mb={10}>
            How it works
          </Heading>
          <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap={8}>
            {STEPS.map((step, index) => (
              <Box as="li" key={step.title}>
                <Stack gap={3}>
                  <Stack direction="row" align="center" gap={3}>
                    <Box
                      aria-hidden="true"
                      bg="brand.solid"
                      color="white"
                      borderRadius="full"
                      boxSize={9}
                      display="flex"
                      alignItems="center"
                      justifyContent="center"
                      fontWeight="bold"
                    >
                      {index + 1}
                    </Box>
                    <Icon boxSize={5} color="brand.fg">
                      <step.icon />
                    </Icon>
                  </Stack>
                  <Heading as="h3" size="md">
                    {step.title}
                  </Heading>
                  <Text color="fg.muted">{step.text}</Text>
                </Stack>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="home-join-heading" py={{ base: 14, md: 20 }}>
        <Container maxW="4xl">
          <Stack
            gap={5}
            align="center"
            textAlign="center"
            borderWidth="1px"
            borderRadius="2xl"
            p={{ base: 8, md: 12 }}
            bg="bg.panel"
          >
            <Heading id="home-join-heading" as="h2" size={{ base: '2xl', md: '3xl' }}>
              Join the DRX community
            </Heading>
            <Text color="fg.muted" maxW="2xl">
              DRX is built for studio owners, teachers, students and curriculum creators. Create an account to
              save your course progress, collect your certificates and keep your purchases and bookings in one
              place.
            </Text>
            <Button asChild size="lg" colorPalette="brand">
              <RouterLink to="/register">Get Started</RouterLink>
            </Button>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
