// A tf.while_loop as convert_function exports it: tf.While with cond/body functions, T list,
// parallel_iterations, shape_invariant, _lower_using_switch_merge; Cumsum inside the body.
// sweep: arg0=5
module attributes {tf.versions = {bad_consumers = [], min_consumer = 12 : i32, producer = 1645 : i32}} {
  func.func @__inference_loop_30(%arg0: tensor<?xf32> {tf._user_specified_name = "x"}) -> tensor<?xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "x", outputs = "identity_RetVal"}} {
    %cst = "tf.Const"() {device = "", value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %0:2 = "tf.While"(%cst, %arg0) {T = [i32, f32], _lower_using_switch_merge = true, _num_original_outputs = 2 : i64, _read_only_resource_inputs = [], body = @while_body_31, cond = @while_cond_32, device = "", is_stateless = true, output_shapes = [#tf_type.shape<>, #tf_type.shape<?>], parallel_iterations = 10 : i64, shape_invariant} : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
    %1 = "tf.Identity"(%0#1) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
    return %1 : tensor<?xf32>
  }
  func.func private @while_body_31(%arg0: tensor<i32>, %arg1: tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>) attributes {tf._construction_context = "kEagerRuntime", tf.signature.is_stateful} {
    %cst = "tf.Const"() {device = "", value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %cst_0 = "tf.Const"() {device = "", value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %cst_1 = "tf.Const"() {device = "", value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
    %0 = "tf.AddV2"(%arg0, %cst) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %1 = "tf.Cumsum"(%arg1, %cst_0) {device = "", exclusive = false, reverse = true} : (tensor<?xf32>, tensor<i32>) -> tensor<?xf32>
    %2 = "tf.Mul"(%1, %cst_1) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %3 = "tf.Identity"(%0) {device = ""} : (tensor<i32>) -> tensor<i32>
    %4 = "tf.Identity"(%2) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
    return %3, %4 : tensor<i32>, tensor<?xf32>
  }
  func.func private @while_cond_32(%arg0: tensor<i32>, %arg1: tensor<?xf32>) -> tensor<i1> attributes {tf._construction_context = "kEagerRuntime"} {
    %cst = "tf.Const"() {device = "", value = dense<3> : tensor<i32>} : () -> tensor<i32>
    %0 = "tf.Less"(%arg0, %cst) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %1 = "tf.Identity"(%0) {device = ""} : (tensor<i1>) -> tensor<i1>
    return %1 : tensor<i1>
  }
}
