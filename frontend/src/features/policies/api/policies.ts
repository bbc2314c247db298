import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { policyRoutes } from '../../../../../shared/routes/policies.js';
import { POLICY_EXISTS, type Policy } from '../../../../../shared/schemas/content.js';
import { ApiError, callApi } from '../../../lib/api-client.js';
import { uploadImage } from '../../../lib/image-upload.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';
import { updateSession } from '../../../lib/session.js';

const policyKeys = {
  all: ['policies'] as const,
  list: ['policies', 'list'] as const,
  one: (id: number) => ['policies', 'one', id] as const,
  byName: (name: string) => ['policies', 'byName', name.toLowerCase()] as const,
};

const fetchPolicies = () => callApi(policyRoutes.all);

/** The shop's policies with their pictures (the list, the gallery and the footer links). */
export function usePolicies() {
  return useQuery({ queryKey: policyKeys.list, queryFn: fetchPolicies });
}

export function usePolicy(id: number | undefined) {
  return useQuery({
    queryKey: policyKeys.one(id ?? 0),
    queryFn: () => callApi(policyRoutes.byId, { params: { id: id! } }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** One policy by name (any letter case), for the page the footer links open; the screen shows 'not found' itself. */
export function usePolicyByName(name: string) {
  return useQuery({
    queryKey: policyKeys.byName(name),
    queryFn: () => callApi(policyRoutes.byName, { params: { name } }),
    enabled: name.trim().length > 0,
    meta: { handlesOwnErrors: true },
  });
}

/** The footer lists the policies stored with the session at sign-in; a change here shows there at once. */
async function refreshFooterLinks(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: policyKeys.all });
  const policies = await queryClient.fetchQuery({ queryKey: policyKeys.list, queryFn: fetchPolicies }).catch(() => undefined);
  if (policies) updateSession({ policies });
}

export interface PolicyValues {
  policyName: string;
  image?: string;
  file?: File | null;
}

/** Creates (no record) or updates a policy; on create the name is checked before the picture is uploaded. */
export function useSavePolicy(policy: Policy | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ policyName, image, file }: PolicyValues) => {
      if (!policy && (await callApi(policyRoutes.isExist, { params: { name: policyName } }))) {
        throw new ApiError(409, POLICY_EXISTS);
      }
      const body = { policyName, image: file ? await uploadImage(file) : image, version: policy?.version };
      return policy
        ? callApi(policyRoutes.update, { params: { policyId: policy.policyId }, body })
        : callApi(policyRoutes.save, { body });
    },
    meta: { handlesOwnErrors: true },
    onSuccess: () => refreshFooterLinks(queryClient),
  });
}

/** Spec 2 section 2: a policy is deleted without a confirmation; the row goes at once and returns if refused. */
export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useOptimisticDelete<Policy, number>({
    listKey: policyKeys.all,
    isDeleted: (row, id) => row.policyId === id,
    remove: async (id) => {
      const answer = await callApi(policyRoutes.remove, { params: { id } });
      await refreshFooterLinks(queryClient);
      return answer;
    },
  });
}
