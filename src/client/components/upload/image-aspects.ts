/** Width / height of each kind of picture: the crop dialog and every place that shows it use the same. */
export const IMAGE_ASPECT = {
  logo: 1,
  communityCover: 3,
  eventCover: 2,
} as const;
