import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FeatureName } from '../../../shared/features.js';
import { useCan } from '../lib/use-can.js';

interface RequireFeatureProps {
  /** Any one of these features opens the screen. */
  anyOf: FeatureName[];
  /** What the screen is about, for the message ('the product list'). */
  what: string;
  /** Where the Back button goes. */
  back?: string;
  children: ReactNode;
}

/**
 * A screen the user's role does not include: a plain explanation and the way back instead of the screen (the
 * server refuses the calls anyway; this spares the user a trip to the error screen).
 */
export function RequireFeature({ anyOf, what, back = '/home', children }: RequireFeatureProps) {
  const can = useCan();
  if (can(...anyOf)) return children;
  return (
    <Stack gap="lg">
      <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="Not available for your role">
        Your role does not include {what}. Ask your shop administrator if you need it.
      </Alert>
      <Group>
        <Button component={Link} to={back} variant="default">
          Back
        </Button>
      </Group>
    </Stack>
  );
}
