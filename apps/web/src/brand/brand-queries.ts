// Reads and writes of the brand kit and the starter-design gallery, with their cache keys in one place.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandInput, GalleryDesign } from '@thankly/api-contract';
import { api } from '../lib/api.ts';

export const brandKeys = {
  brand: ['brand'] as const,
  gallery: ['templates', 'gallery'] as const,
};

export function fetchBrand(): Promise<Brand> {
  return api.get<{ brand: Brand }>('/brand').then((r) => r.brand);
}

export function useBrand({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: brandKeys.brand, queryFn: fetchBrand, enabled });
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandInput) =>
      api.put<{ brand: Brand }>('/brand', body).then((r) => r.brand),
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
    queryFn: () =>
      api.get<{ designs: GalleryDesign[] }>('/templates/gallery').then((r) => r.designs),
    enabled,
    staleTime: 60_000,
  });
}
