// builtin.module with attributes, builtin.func, hex dense constants (as MLIR prints large constants),
// Transpose by a hex i32 perm, Tile, Identity.
builtin.module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 808 : i32}, tf_saved_model.semantics} {
  builtin.func @test(%arg0: tensor<3x4xf32>) -> tensor<4x3xf32> attributes {llvm.emit_c_interface} {
    %cst = "tf.Const"() {value = dense<"0x0000003F0000A0BF0000004000006040"> : tensor<4xf32>} : () -> tensor<4xf32>
    %perm = "tf.Const"() {value = dense<"0x0000000001000000"> : tensor<2xi32>} : () -> tensor<2xi32>
    %perm2 = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
    %0 = "tf.Mul"(%arg0, %cst) {device = ""} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
    %1 = "tf.Transpose"(%0, %perm) {Tperm = i32, device = ""} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<3x4xf32>
    %2 = "tf.Transpose"(%1, %perm2) {Tperm = i32, device = ""} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<4x3xf32>
    %3 = "tf.Identity"(%2) {device = ""} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    return %3 : tensor<4x3xf32>
  }
}
