// SplitV as tf.mlir.experimental.convert_function prints a tf.function: module tf.versions, an
// __inference_ entry with tf.entry_function, unranked arguments with tf._user_specified_name, T/Tlen
// attributes, a -1 size, and tf.Identity on every result.
// sweep: modes=enabled,always arg0=3x7
module attributes {tf.versions = {bad_consumers = [], min_consumer = 12 : i32, producer = 1645 : i32}} {
  func.func @__inference_split_v_17(%arg0: tensor<*xf32> {tf._user_specified_name = "x"}) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) attributes {tf.entry_function = {control_outputs = "", inputs = "x", outputs = "identity_RetVal,identity_1_RetVal,identity_2_RetVal"}} {
    %cst = "tf.Const"() {device = "", value = dense<[2, -1, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %cst_0 = "tf.Const"() {device = "", value = dense<-1> : tensor<i32>} : () -> tensor<i32>
    %0:3 = "tf.SplitV"(%arg0, %cst, %cst_0) {T = f32, Tlen = i64, device = "", num_split = 3 : i64} : (tensor<*xf32>, tensor<3xi64>, tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
    %1 = "tf.Identity"(%0#0) {device = ""} : (tensor<*xf32>) -> tensor<*xf32>
    %2 = "tf.Identity"(%0#1) {device = ""} : (tensor<*xf32>) -> tensor<*xf32>
    %3 = "tf.Identity"(%0#2) {device = ""} : (tensor<*xf32>) -> tensor<*xf32>
    return %1, %2, %3 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  }
}
