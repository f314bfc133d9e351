// Reads and writes of the brand kit and the starter-design gallery, with their cache keys in one place.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandInput, GalleryDesign } from '@thankly/api-contract';
import { callApi } from '../lib/call-api.ts';

export const brandKeys = {
  brand: ['brand'] as const,
  gallery: ['templates', 'gallery'] as const,
};

export function fetchBrand(): Promise<Brand> {
  return callApi('GET /brand').then((r) => r.brand);
}

export function useBrand({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: brandKeys.brand, queryFn: fetchBrand, enabled });
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandInput) => callApi('PUT /brand', { body }).then((r) => r.brand),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKeys.brand, brand);
      // The starter designs wear the brand: the next picker shows the new one.
      void queryClient.invalidateQueries({ queryKey: brandKeys.gallery });
    },
  });
}

/** The starter designs, each already wearing the seller's brand; `blank` is one of them. */
export function useGallery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: brandKeys.gallery,
    queryFn: () => callApi('GET /templates/gallery').then((r): GalleryDesign[] => r.designs),
    enabled,
    staleTime: 60_000,
  });
}
