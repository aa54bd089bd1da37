/** What the simulator builds devices from: router models, the cities they stand in, the clients they serve. */
import type { EventLevel, SecureMode } from '@edge/protocol';

export interface ModelSpec {
  model: string;
  /** First three MAC bytes, as the maker's OUI would be. */
  oui: string;
  cores: number;
  memoryMb: number;
  diskMb: number;
  /** Physical Ethernet ports; the first is WAN. */
  ports: number;
  poePorts: number;
  wifi: boolean;
  cellular: '4G' | '5G' | null;
  fan: boolean;
  canShutdown: boolean;
  containers: boolean;
  secureModes: readonly SecureMode[];
  firmware: readonly string[];
  /** Typical WAN throughput, Mbps. */
  wanMbps: number;
  maxClients: number;
}

export const MODELS: readonly ModelSpec[] = [
  {
    model: 'ER-605 Router',
    oui: '50:91:e3',
    cores: 2,
    memoryMb: 256,
    diskMb: 128,
    ports: 5,
    poePorts: 0,
    wifi: false,
    cellular: null,
    fan: false,
    canShutdown: false,
    containers: false,
    secureModes: ['Unsupported'],
    firmware: ['1.3.1 Build 20240112', '1.4.0 Build 20240605'],
    wanMbps: 300,
    maxClients: 24,
  },
  {
    model: 'ER-7206 Gigabit Router',
    oui: '50:91:e3',
    cores: 4,
    memoryMb: 1024,
    diskMb: 4096,
    ports: 6,
    poePorts: 0,
    wifi: false,
    cellular: null,
    fan: true,
    canShutdown: true,
    containers: true,
    secureModes: ['Jump to Device Only', 'OrpheLink Only', 'Unlimited'],
    firmware: ['2.1.0 Build 20240321', '2.2.1 Build 20240910'],
    wanMbps: 900,
    maxClients: 60,
  },
  {
    model: 'RUT-X11 4G Gateway',
    oui: '00:1e:42',
    cores: 1,
    memoryMb: 256,
    diskMb: 16,
    ports: 4,
    poePorts: 0,
    wifi: true,
    cellular: '4G',
    fan: false,
    canShutdown: false,
    containers: false,
    secureModes: ['Jump to Device Only', 'Unsupported'],
    firmware: ['RUTX_R_00.07.06.10', 'RUTX_R_00.07.08.2'],
    wanMbps: 80,
    maxClients: 20,
  },
  {
    model: 'RUTM50 5G Gateway',
    oui: '00:1e:42',
    cores: 4,
    memoryMb: 512,
    diskMb: 256,
    ports: 4,
    poePorts: 0,
    wifi: true,
    cellular: '5G',
    fan: false,
    canShutdown: true,
    containers: false,
    secureModes: ['OrpheLink Only', 'Unlimited'],
    firmware: ['RUTM_R_00.07.07.3', 'RUTM_R_00.07.09'],
    wanMbps: 600,
    maxClients: 32,
  },
  {
    model: 'EG-8P PoE Edge Gateway',
    oui: 'a0:36:bc',
    cores: 4,
    memoryMb: 2048,
    diskMb: 8192,
    ports: 8,
    poePorts: 7,
    wifi: false,
    cellular: null,
    fan: true,
    canShutdown: true,
    containers: true,
    secureModes: ['Jump to Device Only', 'OrpheLink Only', 'Unlimited'],
    firmware: ['3.0.4', '3.1.0'],
    wanMbps: 900,
    maxClients: 40,
  },
  {
    model: 'IR-915 Industrial 4G Router',
    oui: '00:18:05',
    cores: 2,
    memoryMb: 512,
    diskMb: 4096,
    ports: 2,
    poePorts: 0,
    wifi: true,
    cellular: '4G',
    fan: false,
    canShutdown: true,
    containers: true,
    secureModes: ['Jump to Device Only', 'Unlimited'],
    firmware: ['V2.3.0.r5410', 'V2.4.1.r6012'],
    wanMbps: 60,
    maxClients: 12,
  },
];

export interface City {
  name: string;
  latitude: number;
  longitude: number;
  operator: string;
  /** Mobile country and network code, the first digits of the IMSI. */
  mccMnc: string;
}

export const CITIES: readonly City[] = [
  { name: 'Taipei', latitude: 25.033, longitude: 121.565, operator: 'Chunghwa Telecom', mccMnc: '46692' },
  { name: 'Kaohsiung', latitude: 22.627, longitude: 120.301, operator: 'Taiwan Mobile', mccMnc: '46697' },
  { name: 'Tokyo', latitude: 35.676, longitude: 139.65, operator: 'NTT docomo', mccMnc: '44010' },
  { name: 'Osaka', latitude: 34.694, longitude: 135.502, operator: 'KDDI au', mccMnc: '44050' },
  { name: 'Seoul', latitude: 37.567, longitude: 126.978, operator: 'SK Telecom', mccMnc: '45005' },
  { name: 'Bangkok', latitude: 13.756, longitude: 100.502, operator: 'AIS', mccMnc: '52001' },
  { name: 'Hanoi', latitude: 21.028, longitude: 105.834, operator: 'Viettel', mccMnc: '45204' },
  { name: 'Ho Chi Minh City', latitude: 10.823, longitude: 106.63, operator: 'Vinaphone', mccMnc: '45202' },
  { name: 'Singapore', latitude: 1.352, longitude: 103.82, operator: 'Singtel', mccMnc: '52501' },
  { name: 'Kuala Lumpur', latitude: 3.139, longitude: 101.687, operator: 'Maxis', mccMnc: '50212' },
  { name: 'Jakarta', latitude: -6.208, longitude: 106.846, operator: 'Telkomsel', mccMnc: '51010' },
  { name: 'Manila', latitude: 14.6, longitude: 120.984, operator: 'Globe', mccMnc: '51502' },
  { name: 'Mumbai', latitude: 19.076, longitude: 72.878, operator: 'Jio', mccMnc: '405857' },
  { name: 'Sydney', latitude: -33.869, longitude: 151.209, operator: 'Telstra', mccMnc: '50501' },
  { name: 'Auckland', latitude: -36.849, longitude: 174.763, operator: 'Spark', mccMnc: '53005' },
  { name: 'Dubai', latitude: 25.205, longitude: 55.271, operator: 'Etisalat', mccMnc: '42402' },
  { name: 'Riyadh', latitude: 24.713, longitude: 46.675, operator: 'STC', mccMnc: '42001' },
  { name: 'Cairo', latitude: 30.044, longitude: 31.236, operator: 'Vodafone Egypt', mccMnc: '60202' },
  { name: 'Istanbul', latitude: 41.008, longitude: 28.978, operator: 'Turkcell', mccMnc: '28601' },
  { name: 'Ankara', latitude: 39.933, longitude: 32.86, operator: 'Türk Telekom', mccMnc: '28603' },
  { name: 'Nairobi', latitude: -1.292, longitude: 36.822, operator: 'Safaricom', mccMnc: '63902' },
  { name: 'Lagos', latitude: 6.524, longitude: 3.379, operator: 'MTN Nigeria', mccMnc: '62130' },
  { name: 'Johannesburg', latitude: -26.204, longitude: 28.047, operator: 'Vodacom', mccMnc: '65501' },
  { name: 'Paris', latitude: 48.857, longitude: 2.352, operator: 'Orange', mccMnc: '20801' },
  { name: 'Lyon', latitude: 45.764, longitude: 4.836, operator: 'SFR', mccMnc: '20810' },
  { name: 'Berlin', latitude: 52.52, longitude: 13.405, operator: 'Telekom', mccMnc: '26201' },
  { name: 'Munich', latitude: 48.135, longitude: 11.582, operator: 'Vodafone DE', mccMnc: '26202' },
  { name: 'London', latitude: 51.507, longitude: -0.128, operator: 'EE', mccMnc: '23430' },
  { name: 'Amsterdam', latitude: 52.368, longitude: 4.904, operator: 'KPN', mccMnc: '20408' },
  { name: 'Madrid', latitude: 40.417, longitude: -3.704, operator: 'Movistar', mccMnc: '21407' },
  { name: 'Rome', latitude: 41.903, longitude: 12.496, operator: 'TIM', mccMnc: '22201' },
  { name: 'Stockholm', latitude: 59.329, longitude: 18.069, operator: 'Telia', mccMnc: '24001' },
  { name: 'Warsaw', latitude: 52.23, longitude: 21.012, operator: 'Play', mccMnc: '26006' },
  { name: 'New York', latitude: 40.713, longitude: -74.006, operator: 'Verizon', mccMnc: '311480' },
  { name: 'Chicago', latitude: 41.878, longitude: -87.63, operator: 'AT&T', mccMnc: '310410' },
  { name: 'Los Angeles', latitude: 34.052, longitude: -118.244, operator: 'T-Mobile', mccMnc: '310260' },
  { name: 'Toronto', latitude: 43.653, longitude: -79.383, operator: 'Rogers', mccMnc: '302720' },
  { name: 'Mexico City', latitude: 19.433, longitude: -99.133, operator: 'Telcel', mccMnc: '334020' },
  { name: 'São Paulo', latitude: -23.551, longitude: -46.633, operator: 'Vivo', mccMnc: '72406' },
  { name: 'Buenos Aires', latitude: -34.604, longitude: -58.382, operator: 'Personal', mccMnc: '722034' },
];

/** The Wi-Fi network simulated clients join. */
export const SIMULATED_SSID = 'Edge-WiFi';

export const CLIENT_NAMES: readonly string[] = [
  'iPhone-Ana',
  'Galaxy-S23',
  'LAPTOP-7GH2K',
  'printer-hp-m404',
  'cam-lobby-01',
  'pos-terminal-3',
  'thermostat',
  'nas-backup',
  'desktop-eng-12',
  'ipad-reception',
  'Pixel-8',
  'sensor-gw-02',
  'MacBook-Pro',
  'tv-meeting-room',
  'plc-line-4',
  'kiosk-entrance',
  'voip-phone-21',
  'ap-warehouse',
  'scanner-dock-2',
  'raspberrypi',
];

export const CONTAINER_APPS: readonly string[] = [
  'node-red',
  'mosquitto',
  'grafana-agent',
  'modbus-gateway',
  'nginx-proxy',
  'influxdb',
];

export const LOG_LINES: readonly {
  program: string;
  level?: EventLevel;
  message: (host: string, ip: string) => string;
}[] = [
  { program: 'netifd', level: 'warning', message: () => "Interface 'wan' has lost the connection" },
  { program: 'netifd', message: () => "Interface 'wan' is now up" },
  { program: 'kernel', level: 'warning', message: () => 'nf_conntrack: table full, dropping packet' },
  {
    program: 'odhcpd',
    level: 'error',
    message: () => 'Failed to send to ff02::1%br-lan (Address not available)',
  },
  { program: 'dnsmasq-dhcp', message: (host, ip) => `DHCPACK(br-lan) ${ip} ${host}` },
  { program: 'hostapd', message: (host) => `wlan0: STA ${host} IEEE 802.11: associated` },
  {
    program: 'firewall',
    message: (_h, ip) => `dropped inbound TCP scan from 203.0.113.${ip.split('.').pop()}`,
  },
  { program: 'ntpd', message: () => 'time synchronised with pool.ntp.org' },
  { program: 'dropbear', message: (_h, ip) => `password auth failed for 'root' from ${ip}` },
];

/**
 * What a device writes while it boots, in order: a reboot gives a burst of these (about 50 lines within
 * seconds), as a real OpenWrt boot does in logread.
 */
export function bootLines(
  model: string,
  firmware: string,
): { level: EventLevel; program: string; message: string }[] {
  const kernel = [
    `Linux version 5.15.150 (builder@buildhost) #0 SMP ${model}`,
    'Memory: 245760K/262144K available',
    'SLUB: HWalign=64, Order=0-3, MinObjects=0, CPUs=2, Nodes=1',
    'clocksource: arch_sys_counter: mask: 0xffffffffffffff',
    'Calibrating delay loop (skipped), value calculated using timer frequency',
    'pid_max: default: 32768 minimum: 301',
    'Mount-cache hash table entries: 1024',
    'NET: Registered PF_NETLINK/PF_ROUTE protocol family',
    'PCI: CLS 0 bytes, default 64',
    'squashfs: version 4.0 (2009/01/31) Phillip Lougher',
    'jffs2: version 2.2 (NAND) (SUMMARY) (LZMA) (RTIME)',
    'io scheduler mq-deadline registered',
    'Serial: 8250/16550 driver, 3 ports, IRQ sharing disabled',
    'mtd: device 5 (rootfs) set to be root filesystem',
    'VFS: Mounted root (squashfs filesystem) readonly on device 31:5.',
    'Freeing unused kernel memory: 1024K',
    'init: Console is alive',
    'kmodloader: loading kernel modules from /etc/modules-boot.d/*',
    'mount_root: switching to jffs2 overlay',
    'overlayfs: upper fs does not support tmpfile.',
    'urandom-seed: Seeding with /etc/urandom.seed',
    'procd: - early -',
    'procd: - watchdog -',
    'procd: - ubus -',
    'procd: - init -',
    'kmodloader: done loading kernel modules from /etc/modules.d/*',
    'br-lan: port 1(lan1) entered blocking state',
    'br-lan: port 1(lan1) entered forwarding state',
    'IPv6: ADDRCONF(NETDEV_CHANGE): br-lan: link becomes ready',
    'mtk_soc_eth: PPE0 initialized',
  ].map((message) => ({ level: 'info' as const, program: 'kernel', message }));
  const services = [
    ['procd', 'Instance dnsmasq::cfg01411c s in a crash loop? respawn later'],
    ['dnsmasq', 'started, version 2.90 cachesize 1000'],
    ['dnsmasq', 'DNS service limited to local subnets'],
    ['dnsmasq-dhcp', 'DHCP, IP range 192.168.1.100 -- 192.168.1.249, lease time 12h'],
    ['netifd', "Interface 'lan' is enabled"],
    ['netifd', "Interface 'lan' is setting up now"],
    ['netifd', "Interface 'lan' is now up"],
    ['netifd', "Interface 'wan' is enabled"],
    ['netifd', "Interface 'wan' is setting up now"],
    ['netifd', 'wan (1234): udhcpc: lease obtained, lease time 86400'],
    ['netifd', "Interface 'wan' is now up"],
    ['firewall', 'Reloading firewall due to ifup of wan (eth1)'],
    ['dropbear', 'Not backgrounding'],
    ['uhttpd', 'listening on 0.0.0.0:80'],
    ['ntpd', 'ntpd starting'],
    ['hostapd', 'wlan0: interface state COUNTRY_UPDATE->ENABLED'],
    ['hostapd', 'wlan0: AP-ENABLED'],
    ['sysntpd', 'time synchronised with pool.ntp.org'],
    ['edge-agent', `edge-agent starting (firmware ${firmware})`],
    ['edge-agent', 'connected to the console'],
  ].map(([program, message]) => ({
    level: message!.includes('crash loop') ? ('warning' as const) : ('info' as const),
    program: program!,
    message: message!,
  }));
  return [...kernel, ...services];
}
