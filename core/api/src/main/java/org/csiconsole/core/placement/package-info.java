/**
 * Where a volume can go and where it went, without any UI or wire type, for the GUI and the CLI
 * alike: {@link org.csiconsole.core.placement.PlacementCatalog} gathers the topology segments and
 * parameter keys a connection knows ({@link org.csiconsole.core.placement.PlacementOptions}),
 * {@link org.csiconsole.core.placement.PlacementCheck} compares a created volume with its request,
 * and {@link org.csiconsole.core.placement.NodeReach} orders nodes by whether they can reach a
 * volume's topology (CSI spec v1.12, "CreateVolume" accessibility_requirements and
 * "NodeGetInfo" accessible_topology).
 */
package org.csiconsole.core.placement;
