// Unusual but valid spacing and line breaks.
func.func@spaced( %arg0 :tensor<4xf32> ,%arg1:tensor<4xf32>)->tensor<4xf32>{
  %0="tf.AddV2"( %arg0 ,%arg1 ){T=f32}:(tensor<4xf32>,tensor<4xf32>)->tensor<4xf32>
  %1 = "tf.Mul"(%0, %0)
      {device = ""}
      : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1:tensor<4xf32>
}
