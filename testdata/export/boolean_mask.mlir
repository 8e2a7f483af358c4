// tf.boolean_mask as exported: Where on the mask, Squeeze of the index column, GatherV2 of the rows.
module attributes {tf.versions = {bad_consumers = [], min_consumer = 12 : i32, producer = 1645 : i32}} {
  func.func @__inference_boolean_mask_41(%arg0: tensor<8x3xf32> {tf._user_specified_name = "x"}, %arg1: tensor<8xi1> {tf._user_specified_name = "m"}) -> tensor<?x3xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "x,m", outputs = "identity_RetVal"}} {
    %cst = "tf.Const"() {device = "", value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
    %cst_0 = "tf.Const"() {device = "", value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %0 = "tf.Where"(%arg1) {device = ""} : (tensor<8xi1>) -> tensor<?x1xi64>
    %1 = "tf.Squeeze"(%0) {device = "", squeeze_dims = [1]} : (tensor<?x1xi64>) -> tensor<?xi64>
    %2 = "tf.GatherV2"(%arg0, %1, %cst_0) {batch_dims = 0 : i64, device = ""} : (tensor<8x3xf32>, tensor<?xi64>, tensor<i32>) -> tensor<?x3xf32>
    %3 = "tf.Identity"(%2) {device = ""} : (tensor<?x3xf32>) -> tensor<?x3xf32>
    return %3 : tensor<?x3xf32>
  }
}
