export const DELETE_FAILED = 'The image could not be deleted. Please try again.';
