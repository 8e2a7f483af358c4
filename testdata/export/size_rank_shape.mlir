// Size, Rank and Shape of an unranked argument (out_type i64 and i32), as convert_function prints a
// tf.function traced with TensorSpec(None).
// sweep: modes=enabled,always arg0=2x3x4
func.func @__inference_f_25(%arg0: tensor<*xf32> {tf._user_specified_name = "x"}) -> (tensor<i64>, tensor<i32>, tensor<?xi32>) attributes {tf.entry_function = {control_outputs = "", inputs = "x", outputs = "identity_RetVal,identity_1_RetVal,identity_2_RetVal"}} {
  %0 = "tf.Size"(%arg0) {T = f32, device = "", out_type = i64} : (tensor<*xf32>) -> tensor<i64>
  %1 = "tf.Rank"(%arg0) {T = f32, device = ""} : (tensor<*xf32>) -> tensor<i32>
  %2 = "tf.Shape"(%arg0) {T = f32, device = "", out_type = i32} : (tensor<*xf32>) -> tensor<?xi32>
  %3 = "tf.Identity"(%0) {device = ""} : (tensor<i64>) -> tensor<i64>
  %4 = "tf.Identity"(%1) {device = ""} : (tensor<i32>) -> tensor<i32>
  %5 = "tf.Identity"(%2) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  return %3, %4, %5 : tensor<i64>, tensor<i32>, tensor<?xi32>
}
