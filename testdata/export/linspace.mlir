// LinSpace with a constant count and scalar start/stop arguments (tf.linspace exported).
// sweep: arg0.range=-3:3 arg1.range=-3:3
func.func @__inference_linspace_8(%arg0: tensor<f32> {tf._user_specified_name = "start"}, %arg1: tensor<f32> {tf._user_specified_name = "stop"}) -> tensor<7xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "start,stop", outputs = "identity_RetVal"}} {
  %cst = "tf.Const"() {device = "", value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.LinSpace"(%arg0, %arg1, %cst) {T = f32, Tidx = i32, device = ""} : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<7xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<7xf32>) -> tensor<7xf32>
  return %1 : tensor<7xf32>
}
