// tf.cond as convert_function exports it: StatelessIf with then/else functions and Tcond/Tin/Tout.
module attributes {tf.versions = {bad_consumers = [], min_consumer = 12 : i32, producer = 1645 : i32}} {
  func.func @__inference_cond_12(%arg0: tensor<i1> {tf._user_specified_name = "p"}, %arg1: tensor<4x3xf32> {tf._user_specified_name = "x"}) -> tensor<4x3xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "p,x", outputs = "identity_RetVal"}} {
    %0 = "tf.StatelessIf"(%arg0, %arg1) {Tcond = i1, Tin = [f32], Tout = [f32], _lower_using_switch_merge = true, _read_only_resource_inputs = [], device = "", else_branch = @cond_false_13, is_stateless = true, output_shapes = [#tf_type.shape<4x3>], then_branch = @cond_true_14} : (tensor<i1>, tensor<4x3xf32>) -> tensor<4x3xf32>
    %1 = "tf.Identity"(%0) {device = ""} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    return %1 : tensor<4x3xf32>
  }
  func.func private @cond_false_13(%arg0: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %cst = "tf.Const"() {device = "", value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
    %cst_0 = "tf.Const"() {device = "", value = dense<[4, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
    %0 = "tf.Transpose"(%arg0, %cst) {device = ""} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x4xf32>
    %1 = "tf.Reshape"(%0, %cst_0) {device = ""} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<4x3xf32>
    %2 = "tf.Identity"(%1) {device = ""} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    return %2 : tensor<4x3xf32>
  }
  func.func private @cond_true_14(%arg0: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %0 = "tf.Softplus"(%arg0) {device = ""} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %1 = "tf.Identity"(%0) {device = ""} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    return %1 : tensor<4x3xf32>
  }
}
