import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { featureCatalogue, type ModuleName } from '../../../../../shared/features.js';

/** The catalogue's modules in the order the dashboard shows them, with the dashboard's section names. */
export const moduleOrder: { module: ModuleName; title: string }[] = [
  { module: 'ERP', title: 'Employee' },
  { module: 'IMS', title: 'Inventory' },
  { module: 'CRM', title: 'Customer' },
  { module: 'ADMIN', title: 'Admin' },
];

/** 'PubHolidayEdit' -> 'Pub Holiday Edit'. */
export const featureLabel = (feature: string) => feature.replace(/([a-z])([A-Z])/g, '$1 $2');

export type RoleModules = { moduleName: ModuleName; roleFeature: { featureName: string }[] }[];

/** The chosen features of one module. */
export const chosenIn = (modules: RoleModules, module: ModuleName) =>
  new Set(modules.find((m) => m.moduleName === module)?.roleFeature.map((f) => f.featureName) ?? []);

/**
 * Sets the chosen features of a module, keeping every module in catalogue order (the body the server expects,
 * and features it lists in catalogue order anyway).
 */
export function withModuleFeatures(modules: RoleModules, module: ModuleName, chosen: Set<string>): RoleModules {
  return moduleOrder.map(({ module: name }) => {
    const features = name === module ? chosen : chosenIn(modules, name);
    return {
      moduleName: name,
      roleFeature: (featureCatalogue[name] as readonly string[]).filter((f) => features.has(f)).map((featureName) => ({ featureName })),
    };
  });
}

/** Every module of the catalogue, in order, each with the features chosen of it (none for the others). */
export const everyModule = (modules: RoleModules): RoleModules => withModuleFeatures(modules, 'ERP', chosenIn(modules, 'ERP'));

interface FeatureTreeProps {
  value: RoleModules;
  onChange: (value: RoleModules) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * The checkbox tree of the feature catalogue (spec 1 section 3), grouped by module: a module's box chooses or
 * clears all its features and shows a dash when only some are chosen.
 */
export function FeatureTree({ value, onChange, disabled = false, error }: FeatureTreeProps) {
  return (
    <Stack gap="md" role="group" aria-label="Modules and features" aria-describedby={error ? 'feature-tree-error' : undefined}>
      {moduleOrder.map(({ module, title }) => {
        const features = featureCatalogue[module] as readonly string[];
        const chosen = chosenIn(value, module);
        const all = chosen.size === features.length;
        const toggle = (feature: string, on: boolean) => {
          const next = new Set(chosen);
          if (on) next.add(feature);
          else next.delete(feature);
          onChange(withModuleFeatures(value, module, next));
        };
        return (
          <Paper key={module} withBorder p="md" radius="md" component="fieldset" style={{ margin: 0, minWidth: 0 }} aria-label={`${module} features`}>
            <Group justify="space-between" wrap="nowrap" mb="sm">
              <Checkbox
                label={
                  <Text fw={650} span>
                    {module} · {title}
                  </Text>
                }
                checked={all}
                indeterminate={chosen.size > 0 && !all}
                disabled={disabled}
                onChange={(event) => onChange(withModuleFeatures(value, module, event.currentTarget.checked ? new Set(features) : new Set()))}
              />
              <Badge variant="light" color={chosen.size ? 'brand' : 'gray'} size="sm">
                {chosen.size} of {features.length}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs" pl={{ base: 0, xs: 'lg' }}>
              {features.map((feature) => (
                <Checkbox
                  key={feature}
                  size="sm"
                  label={featureLabel(feature)}
                  checked={chosen.has(feature)}
                  disabled={disabled}
                  onChange={(event) => toggle(feature, event.currentTarget.checked)}
                />
              ))}
            </SimpleGrid>
          </Paper>
        );
      })}
      {error && (
        <Text c="red" size="sm" id="feature-tree-error" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
