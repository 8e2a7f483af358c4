func.func @floats(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "tf.LeakyRelu"(%arg0) {alpha = 1.000000e-01 : f32, b = 0.1 : f32, c = 9.99999974E-5 : f32, d = -2.5, e = 1.0e+10 : f64, f = 0x3DCCCCCD : f32, g = 0x7FC00000 : f32, h = 0xFF800000 : f32, i = 0x7C00 : f16, j = 6.550400e+04 : f16, k = 0x7FF0000000000000 : f64, l = 3.40282347E+38 : f32, m = 1.5e-45 : f32, n = 2. : f32, o = -0.0 : f64} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
