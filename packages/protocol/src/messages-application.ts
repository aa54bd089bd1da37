/**
 * Texts of the Application module (issue 20): SPEC 8's container errors and successes in its own words,
 * and the product's words for the rules of templates, registries and deploys.
 */
export const applicationMessages = {
  // SPEC 8, container errors.
  containerStartError: 'Starting container error',
  containerRemoveError: 'Removing container error',
  containerStopError: 'Stopping container error',
  containerRestartError: 'Restarting container error',
  cpuReservation: 'CPU reservation is not enough',
  memoryReservation: 'Memory reservation is not enough',
  // SPEC 8, successes.
  applicationUpdated: 'Application updated successfully.',
  registryEdited: 'Registry edited successfully.',
  imageCreated: 'Image created successfully.',
  fileCreated: 'File created successfully.',
  // Rules of the fields (SPEC 3, Container template and Registry).
  appNameEmpty: 'App name cannot be empty.',
  appNameFormat:
    'App name must be 1 to 63 characters: letters, digits, _, . or -, starting with a letter or digit.',
  imageNameEmpty: 'Image name cannot be empty.',
  imageNameFormat:
    'Image name must be lowercase path parts (letters, digits, ., _ or -) separated by /, at most 255 characters.',
  imageTagFormat: 'Tag must be 1 to 128 letters, digits, _, . or -, not starting with . or -.',
  envNameFormat:
    'Environment variable names must start with a letter or _ and use only letters, digits and _.',
  envNameDuplicate: 'Each environment variable may be set only once.',
  hostPortDuplicate: 'Each host port may be bound only once.',
  registryNameEmpty: 'Registry name cannot be empty.',
  registryAddressFormat: 'Server address must be a host name or IP address with an optional :port.',
  registryNameTaken: 'A registry with this name already exists.',
  registryInUse: 'This registry is still used by templates.',
  registryLoginFailed: 'Login to the registry failed.',
  registryLoginOk: 'Login successful.',
  templateNameTaken: 'A template with this app name already exists.',
  templateImportInvalid: 'The file is not a template file this console can read.',
  templateImported: 'Templates imported successfully.',
  volumeNameFormat:
    'Volume names must be 2 to 64 letters, digits, _, . or -, starting with a letter or digit.',
  containerPathFormat: 'Container path must be an absolute path.',
  networkNameFormat:
    'Network names must be 2 to 64 letters, digits, _, . or -, starting with a letter or digit.',
  deployDevicesRequired: 'Please select at least one device or a group.',
  deployGroupEmpty: 'The group has no devices.',
  deployGroupNoEngine: 'No device of the group has a container engine.',
  deployNoEngine: 'This device has no container engine.',
  deployPullFailed: 'The image could not be pulled.',
  deployFailed: 'The app could not be deployed.',
  containerNotFound: 'No such container on the device.',
  // SPEC 4 states: a terminal opens only in a running container.
  containerNotRunning: 'The container is not running.',
  containerLicenceExceeded: 'The container licence has no unused apps left.',
} as const;
